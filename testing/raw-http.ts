/**
 * A raw HTTP/1.1 client for the tests that talk to the BFF (node:http, so bodies, content types,
 * cookies and paths go out exactly as written) with a deadline on every request, and the browser
 * that sends that way (RawBrowser: the HTTP tests' Browser with its cookie jar and CSRF token). The
 * bad-input suites' check of the spec's error body is integration/bad-input/spec-error.ts.
 */
import http from 'node:http';
import { Browser } from '../bff/src/auth/test/browser.js';

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
