/**
 * The browser's direct upload and the stored images (spec section 7: "a direct multipart POST to
 * the returned uploadUrl with the returned fields plus the file; success is any ok response or 204;
 * no auth"). The upload needs no bearer token and no CSRF token: the signed form fields are its
 * credential (checked by the submission service, which holds the signing key), and the route is the
 * one CSRF token exemption of artist selection (src/csrf/protection.ts; the Origin check still
 * applies). The file is streamed with a hard 10 MB cap (src/artist/multipart.ts). Images are served
 * with their exact content type, `nosniff` and a year of immutable caching (a key never changes).
 * Both paths are facts' (`UPLOAD_PATH`, `IMAGE_PATH_PREFIX` of @tessera/facts/artwork), because the
 * submission service writes them into its upload forms and image URLs.
 */
import type Router from '@koa/router';
import { etagMatches } from '@tessera/kit';
import { IMAGE_MESSAGES, IMAGE_PATH_PREFIX, isImageKey, UPLOAD_PATH } from '@tessera/facts/artwork';
import type { UploadStored } from '@tessera/api/submissions';
import type { BffDeps } from '../deps.js';
import { clientIp } from '../auth/client-info.js';
import { HttpError } from '../middleware/errors.js';
import { RateLimiter } from '../middleware/rate-limit.js';
import { readUploadForm } from '../artist/multipart.js';

export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Uploads per client address (no user is known on this route). */
export const UPLOAD_RATE_LIMIT = { name: 'artist:upload', limit: 120, windowMs: 15 * 60_000 } as const;

export function artistUploadRoutes(router: Router, deps: BffDeps): void {
  const { peers } = deps;
  const limiter = new RateLimiter(deps.kv, deps.logger, deps.config.auth.rateLimitScale);

  router.post(UPLOAD_PATH, async (ctx) => {
    if (!ctx.is('multipart/form-data'))
      throw new HttpError('BAD_REQUEST', 'The upload must be multipart/form-data', null, 415);
    await limiter.enforce(ctx, UPLOAD_RATE_LIMIT, clientIp(ctx));
    let form;
    try {
      form = await readUploadForm(ctx.req);
    } catch (err) {
      // the rest of a refused request is not read: close the connection after the answer
      ctx.set('Connection', 'close');
      throw err;
    }
    const { imageUrl } = await peers.submission.storeUpload({
      fields: form.fields,
      data: form.file,
      contentType: form.fileType,
    });
    ctx.status = 201;
    ctx.body = { success: true, data: { imageUrl } } satisfies UploadStored;
  });

  router.get(`${IMAGE_PATH_PREFIX}:key`, async (ctx) => {
    const key = ctx.params.key ?? '';
    if (!isImageKey(key)) throw new HttpError('NOT_FOUND', IMAGE_MESSAGES.api.notFound, 'key');
    const etag = `"${key}"`;
    if (etagMatches(ctx.get('If-None-Match'), etag)) {
      ctx.status = 304;
      ctx.set('ETag', etag);
      ctx.set('Cache-Control', IMAGE_CACHE_CONTROL);
      return;
    }
    const image = await peers.submission.getImage({ key });
    ctx.set('Content-Type', image.contentType);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', IMAGE_CACHE_CONTROL);
    ctx.set('ETag', etag);
    ctx.body = Buffer.from(image.data);
  });
}
