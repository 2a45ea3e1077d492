/**
 * A raw HTTP/1.1 client for the bad-input suites (node:http, so bodies, content types, cookies and
 * paths go out exactly as written) with a deadline on every request, the browser that sends that way
 * (RawBrowser: the HTTP tests' Browser with its cookie jar and CSRF token), and the check of the
 * spec's error body.
 */
import http from 'node:http';
import { expect } from 'vitest';
import { ERROR_BODY_FIELDS } from '@tessera/kit/testing';
import { Browser } from '../../bff/src/auth/test/browser.js';

/** No request may take longer: a hang fails the case. */
export const REQUEST_TIMEOUT_MS = 8000;

export interface Req {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** A string or Buffer is sent as is; anything else as JSON. */
  body?: unknown;
  /** Resolve once the headers and the first chunk arrived, then close (event streams). */
  stream?: boolean;
}

export interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: unknown;
}

export function send(base: string, req: Req): Promise<Got> {
  const url = new URL(base);
  const method = req.method ?? 'GET';
  let payload: Buffer | undefined;
  const headers: Record<string, string> = { ...req.headers };
  if (req.body !== undefined) {
    const raw = typeof req.body === 'string' || Buffer.isBuffer(req.body);
    payload = Buffer.isBuffer(req.body)
      ? req.body
      : Buffer.from(raw ? String(req.body) : JSON.stringify(req.body));
    // JSON unless the case names another type; an empty content-type header means none at all
    if (headers['content-type'] === undefined) headers['content-type'] = 'application/json';
    else if (headers['content-type'] === '') delete headers['content-type'];
    if (headers['transfer-encoding'] === undefined) headers['content-length'] ??= String(payload.length);
  }
  return new Promise<Got>((resolve, reject) => {
    const r = http.request(
      { host: url.hostname, port: url.port, method, path: req.path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        const done = () => {
          clearTimeout(timer);
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text === '' ? undefined : JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        };
        res.on('data', (c: Buffer) => {
          chunks.push(c);
          if (req.stream) {
            done();
            r.destroy();
          }
        });
        res.on('end', done);
        res.on('error', () => undefined);
      },
    );
    const timer = setTimeout(() => {
      r.destroy();
      reject(new Error(`${method} ${req.path.slice(0, 120)}: no answer within ${REQUEST_TIMEOUT_MS} ms`));
    }, REQUEST_TIMEOUT_MS);
    r.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    r.end(payload);
  });
}

/**
 * The HTTP tests' Browser (same-origin headers, its cookie jar, a CSRF token on mutations) sending
 * each request exactly as written (`send`), with the deadline of every bad-input request.
 */
export class RawBrowser extends Browser {
  constructor(base: string) {
    super(base);
  }

  /** Sends `req` with this browser's headers (headersFor); `req.headers` win, the CSRF token and cookies included. */
  async send(req: Req): Promise<Got> {
    const headers = await this.headersFor(req.method ?? 'GET');
    const res = await send(this.base, { ...req, headers: { ...headers, ...req.headers } });
    this.absorb(res.headers['set-cookie'] ?? []);
    return res;
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Got> {
    return this.send({ path, headers });
  }

  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Got> {
    return this.send({ method: 'POST', path, body, headers });
  }
}

/** Traces of internals that must never reach a client. */
const LEAKS = [
  /\n\s+at /,
  /\/work\//,
  /node_modules/,
  /\.ts:\d+/,
  /\bError:/,
  /\[object /,
  /undefined/,
  // eslint-disable-next-line no-control-regex -- a NUL byte in a message is exactly what is looked for
  /\u0000/,
];

/**
 * The spec's error body (services/kit errorBody) with a 4xx: success false, a clear non-empty
 * message (short, no stack, no internal paths), an error code, statusCode equal to the HTTP status,
 * an ISO timestamp and a field (null or a name).
 */
export function expectSpecError(res: Got, what: string, want: { status?: number; code?: string } = {}): void {
  const where = `${what} -> ${res.status} ${res.text.slice(0, 200)}`;
  expect(res.status, where).toBeGreaterThanOrEqual(400);
  expect(res.status, where).toBeLessThan(500);
  if (want.status !== undefined) expect(res.status, where).toBe(want.status);
  expect(String(res.headers['content-type']), where).toMatch(/^application\/json/);
  const body = res.json as Record<string, unknown>;
  expect(body, where).toBeTypeOf('object');
  expect(Object.keys(body).sort(), where).toEqual(ERROR_BODY_FIELDS);
  expect(body.success, where).toBe(false);
  expect(body.statusCode, where).toBe(res.status);
  expect(body.error, where).toMatch(/^[A-Z][A-Z_]+$/);
  if (want.code !== undefined) expect(body.error, where).toBe(want.code);
  expect(body.field === null || typeof body.field === 'string', where).toBe(true);
  expect(typeof body.timestamp === 'string' && new Date(body.timestamp).toISOString(), where).toBe(
    body.timestamp,
  );
  const message = body.message as string;
  expect(typeof message, where).toBe('string');
  expect(message.trim().length, where).toBeGreaterThan(3);
  expect(message.length, where).toBeLessThanOrEqual(300);
  for (const leak of LEAKS) expect(message, where).not.toMatch(leak);
}

/** One bad input: a name and the request. */
export interface Case {
  name: string;
  req: Req;
  /** Expected status or code, when the case pins one down. */
  want?: { status?: number; code?: string };
}
