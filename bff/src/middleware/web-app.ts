import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import serve from 'koa-static';
import { isSourceMapPath } from '../hardening/security-headers.js';

/**
 * Serves the built web app: hashed assets are immutable, every other GET outside /api falls back to
 * index.html (client-side routes such as /canvas/art/12), which is never cached.
 */
export function webApp(distDir: string) {
  const index = path.join(distDir, 'index.html');
  const files = serve(distDir, {
    index: false,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  });
  return async function webApp(ctx: Context, next: Next) {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (isSourceMapPath(ctx.path)) return next(); // build artifacts, never served
    await files(ctx, async () => undefined);
    if (ctx.body !== undefined && ctx.body !== null) return;
    if (path.extname(ctx.path) !== '' && ctx.path !== '/index.html') return next();
    if (!fs.existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet: run `npm run build`.';
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'html';
    ctx.body = fs.createReadStream(index);
  };
}
