/**
 * Cache hits of the two hot reads answered before Koa: the board pixels and composites a canvas
 * view loads (dozens per visitor per minute), when the request carries no `traceparent`. The web app
 * sends one per user action only (lock, pay, save, vote), so every read of a browsing visitor comes
 * here; a read that is part of a traced action goes the Koa way (routes/cached-reads.ts) and gets its
 * span. Same answer either way (`cachedReadAnswers`): the security headers, the ETag, 304, the
 * prebuilt compressed body. What a hit skips is what serves no one on a read made of bytes already
 * in memory: Koa's context and middleware chain, the trusted-proxy rewrite (nothing here reads a
 * forwarded header: a request that names its scheme through one goes the Koa way, where the trust
 * rules decide), and a root span with no child (no downstream call is made). It keeps the RED
 * metric (`tessera_http_request_duration_seconds` by route template) and the access line.
 */
import type http from 'node:http';
import querystring from 'node:querystring';
import type { TLSSocket } from 'node:tls';
import { observeHttpRequest } from '@tessera/kit';
import type { BffDeps } from '../deps.js';
import { SecurityHeaders } from '../hardening/security-headers.js';
import { accessLog } from '../middleware/request-telemetry.js';
import { cachedReadAnswers } from './cached-reads.js';

/** Answers `req` when it is an untraced cache hit and returns true; false leaves it untouched. */
export type HotReads = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

const NO_QUERY: Record<string, unknown> = Object.freeze({});

export function hotReads(deps: BffDeps): HotReads {
  const cachedAnswer = cachedReadAnswers(deps);
  const security = new SecurityHeaders({ publicUrl: deps.config.publicUrl });
  const access = accessLog(deps.logger);
  return function answerHot(req, res) {
    const { headers } = req;
    if (req.method !== 'GET' || headers.traceparent !== undefined) return false;
    if (security.publicHttps === undefined && headers['x-forwarded-proto'] !== undefined) return false;
    const started = performance.now();
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const hit = cachedAnswer({
      path,
      query: () => (q < 0 ? NO_QUERY : querystring.parse(url.slice(q + 1))),
      acceptEncoding: headers['accept-encoding'],
      ifNoneMatch: headers['if-none-match'],
    });
    if (!hit) return false;
    const { status, body } = hit.answer;
    const flat: string[] = [];
    for (const [name, value] of security.pairs((req.socket as TLSSocket).encrypted === true))
      flat.push(name, value);
    for (const [name, value] of hit.answer.headers) flat.push(name, value);
    if (body) flat.push('Content-Length', String(body.length));
    res.writeHead(status, flat);
    res.end(body);
    observeHttpRequest('GET', hit.route, status, (performance.now() - started) / 1000);
    access('GET', path, status, started);
    return true;
  };
}
