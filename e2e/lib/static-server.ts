// A small static file server for the built web app, with the SPA fallback the BFF also has: unknown
// paths get index.html, /api/* gets a JSON 404 in the spec's error shape. Used when no stack is running.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { errorBody } from '@tessera/kit';
import { contentSecurityPolicy } from '../../bff/src/hardening/security-headers.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Resolves a URL path inside root; null when it would escape root or is malformed. */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return file === root || file.startsWith(root + path.sep) ? file : null;
}

export async function startStaticServer(
  rootDir: string,
  port = 0,
  host = '127.0.0.1',
): Promise<StaticServer> {
  const root = path.resolve(rootDir);
  const index = path.join(root, 'index.html');
  if (!(await isFile(index))) throw new Error(`${index} not found: build the web app first`);

  const server = http.createServer((req, res) => {
    void (async () => {
      const urlPath = (req.url ?? '/').split('?', 1)[0] ?? '/';
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      if (urlPath === '/api' || urlPath.startsWith('/api/')) {
        const body = JSON.stringify(
          errorBody({
            code: 'NOT_FOUND',
            status: 404,
            message: 'The static test server has no API',
            field: null,
          }),
        );
        res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' }).end(body);
        return;
      }
      const candidate = resolveInside(root, urlPath);
      const file = candidate && (await isFile(candidate)) ? candidate : null;
      // Missing assets are real 404s; every other path is a client route.
      if (!file && path.extname(urlPath) !== '') {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      const target = file ?? index;
      res.writeHead(200, {
        'Content-Type': TYPES[path.extname(target)] ?? 'application/octet-stream',
        'Cache-Control': 'no-store',
        // the BFF's policy, so every browser test runs with it in force
        'Content-Security-Policy': contentSecurityPolicy(false),
      });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      createReadStream(target)
        .on('error', () => res.destroy())
        .pipe(res);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
