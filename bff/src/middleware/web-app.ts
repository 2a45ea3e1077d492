import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import serve from 'koa-static';
import { isSourceMapPath } from '../hardening/security-headers.js';
import { HttpError } from './errors.js';

/** The list of served files the web build writes into its dist folder (web/vite.config.ts). */
export const BUILT_FILES_MANIFEST = 'files.json';

const NOT_BUILT = 'The web app is not built yet: run `npm run build`.';
/** A GET for a file the build did not list (or a path that names no file): the spec's 404 body. */
const NO_FILE_MESSAGE = 'There is no file at this address.';

/**
 * The request path decoded once and normalised (`.` and `..` resolved, duplicate slashes merged),
 * or undefined when it cannot name a file: bad percent-encoding, a NUL, a backslash, or a `%` left
 * after the one decoding (double encoding). Koa's `ctx.path` is the raw, still encoded path.
 */
export function decodedPath(raw: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (/[\0\\%]/.test(decoded)) return undefined;
  const normal = path.posix.normalize(decoded);
  return normal.startsWith('/') ? normal : undefined;
}

/**
 * The files the build listed (`/assets/index-abc.js`, …), or undefined while the manifest is
 * missing or unreadable (the web app is not built, or was built before the manifest existed).
 * Names that a second decoding would change (with `%`) or that are source maps are never listed.
 */
export function readBuiltFiles(distDir: string): ReadonlySet<string> | undefined {
  try {
    const raw = JSON.parse(fs.readFileSync(path.join(distDir, BUILT_FILES_MANIFEST), 'utf8')) as {
      files?: unknown;
    };
    if (!Array.isArray(raw.files)) return undefined;
    const files = raw.files.filter(
      (f): f is string => typeof f === 'string' && decodedPath(f) === f && !isSourceMapPath(f),
    );
    return new Set(files);
  } catch {
    return undefined;
  }
}

/**
 * Serves the built web app, and only the files its build listed in `files.json` (read at start;
 * read again on a request while it is missing, so a build finished after the start is picked up).
 * The path is decoded and normalised once, then looked up in that list: no other file of the folder
 * and no spelling of a source map (`%2e`, `.ma%70`, `%252e`, `..%2f`) is ever served: 404 with the
 * spec's error body. Hashed assets
 * are immutable; every other GET outside /api without a file extension falls back to index.html
 * (client-side routes such as /canvas/art/12), which is never cached.
 */
export function webApp(distDir: string) {
  const index = path.join(distDir, 'index.html');
  let built = readBuiltFiles(distDir);
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
    built ??= readBuiltFiles(distDir);
    const name = decodedPath(ctx.path);
    if (name === undefined) throw new HttpError('NOT_FOUND', NO_FILE_MESSAGE);
    if (built?.has(name) === true && name !== '/index.html') {
      // a listed name has no `%`, so koa-send's own decoding leaves it as it is
      ctx.path = name;
      await files(ctx, async () => undefined);
      if (ctx.body !== undefined && ctx.body !== null) return;
    }
    if (path.posix.extname(name) !== '' && name !== '/index.html') {
      throw new HttpError('NOT_FOUND', NO_FILE_MESSAGE);
    }
    if (built === undefined || !fs.existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = NOT_BUILT;
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'html';
    ctx.body = fs.createReadStream(index);
  };
}
