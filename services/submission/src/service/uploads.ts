/**
 * Uploads (spec section 7 "Artist selection": upload-url, then the browser's direct multipart POST).
 * `createUploadUrl` hands out a signed, single-use form (domain/upload-policy.ts) for one image key;
 * `storeUpload` gets what the BFF received on the upload route (the form fields and at most 10 MB of
 * file), checks the signature, the expiry and the size, takes the key once, checks and re-encodes the
 * image (adapters/images.ts) and stores it in the object store; `getImage` serves it back.
 */
import { randomBytes } from 'node:crypto';
import { appError, assertObjectKey, ObjectExistsError } from '@tessera/kit';
import { ImageRefused } from '../adapters/images.js';
import {
  EXPIRED_MESSAGE,
  FORGED_MESSAGE,
  signUploadForm,
  UPLOAD_TTL_MS,
  verifyUploadForm,
} from '../domain/upload-policy.js';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  imageKey,
  imageKeyOfUrl,
  imageProblem,
  imageUrlOf,
  isImageKey,
  UPLOAD_PATH,
  type ImageType,
} from '@tessera/facts/artwork';
import { isPrintableText } from '@tessera/facts/inputs';
import type { SubmissionDeps } from './deps.js';

export const IMAGE_NOT_UPLOADED_MESSAGE =
  'Please upload the image again: this image was not uploaded by you.';
export const USED_MESSAGE = 'This upload form has been used already. Please request a new upload URL.';
export const TOO_MANY_MESSAGE = 'Too many uploads. Please wait a few minutes and try again.';
/** Upload forms one user may ask for per hour. */
export const FORMS_PER_HOUR = 30;

export class Uploads {
  constructor(private readonly deps: SubmissionDeps) {}

  async createUploadUrl(userId: string, filename: string, contentType: string, fileSize: number) {
    if (!userId) throw appError('UNAUTHORIZED', 'Authentication required');
    if (filename.length > 255 || !isPrintableText(filename))
      throw appError('VALIDATION_ERROR', 'The file name is not valid.', { field: 'filename' });
    const problem = imageProblem({ type: contentType, size: fileSize });
    if (problem)
      throw appError('VALIDATION_ERROR', IMAGE_MESSAGES.api[problem], {
        field: problem === 'type' ? 'contentType' : 'fileSize',
      });
    const { uploads, now, uploadSecret } = this.deps;
    const t = now();
    if ((await uploads.issuedSince(userId, t - 3600_000)) >= FORMS_PER_HOUR)
      throw appError('RATE_LIMIT_EXCEEDED', TOO_MANY_MESSAGE);
    const type = contentType.toLowerCase() as ImageType; // imageProblem took it
    const key = imageKey(randomBytes(18).toString('base64url'), type);
    await uploads.issue({
      _id: key,
      userId,
      contentType: type,
      issuedAt: t,
      expiresAt: t + UPLOAD_TTL_MS,
      state: 'issued',
    });
    return {
      uploadUrl: UPLOAD_PATH,
      fields: signUploadForm(uploadSecret, key, type, t, IMAGE_MAX_BYTES),
      imageUrl: imageUrlOf(key),
    };
  }

  async storeUpload(fields: Record<string, string>, data: Uint8Array): Promise<{ imageUrl: string }> {
    const { uploads, images, objects, now, logger, uploadSecret } = this.deps;
    const form = verifyUploadForm(uploadSecret, fields, now());
    if (!form.ok) {
      logger.info({ reason: form.reason, detail: form.detail }, 'upload refused: form not valid');
      throw appError('FORBIDDEN', form.reason === 'expired' ? EXPIRED_MESSAGE : FORGED_MESSAGE);
    }
    if (data.length > form.maxBytes || data.length > IMAGE_MAX_BYTES)
      throw appError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.api.size, { field: 'file' });
    if (data.length < Math.max(1, form.minBytes))
      throw appError('VALIDATION_ERROR', IMAGE_MESSAGES.api.empty, { field: 'file' });
    const claimed = await uploads.claim(form.key, now());
    if (!claimed) {
      const rec = await uploads.get(form.key);
      if (!rec) throw appError('FORBIDDEN', FORGED_MESSAGE);
      if (rec.state === 'issued') throw appError('FORBIDDEN', EXPIRED_MESSAGE);
      throw appError('CONFLICT', USED_MESSAGE);
    }
    let image;
    try {
      image = await images.process(data, form.contentType);
    } catch (err) {
      if (err instanceof ImageRefused) {
        await uploads.end(form.key, 'refused', { endedAt: now(), reason: err.message });
        logger.info(
          { key: form.key, reason: err.message, bytes: data.length },
          'upload refused: not an allowed image',
        );
        throw appError('VALIDATION_ERROR', err.message, { field: 'file' });
      }
      // busy or broken: the form stays usable
      await uploads.c.updateOne({ _id: form.key, state: 'storing' }, { $set: { state: 'issued' } });
      throw err;
    }
    try {
      await objects.put(form.key, image.data, {
        contentType: image.contentType,
        metadata: { userId: claimed.userId, width: String(image.width), height: String(image.height) },
      });
    } catch (err) {
      if (!(err instanceof ObjectExistsError)) throw err;
    }
    await uploads.end(form.key, 'stored', {
      endedAt: now(),
      size: image.data.length,
      width: image.width,
      height: image.height,
    });
    logger.info(
      {
        key: form.key,
        userId: claimed.userId,
        bytesIn: data.length,
        bytesOut: image.data.length,
        width: image.width,
        height: image.height,
      },
      'image stored',
    );
    return { imageUrl: imageUrlOf(form.key) };
  }

  async getImage(key: string): Promise<{ data: Uint8Array; contentType: string }> {
    if (!isImageKey(key)) throw appError('NOT_FOUND', IMAGE_MESSAGES.api.notFound, { field: 'key' });
    assertObjectKey(key);
    const obj = await this.deps.objects.get(key);
    if (!obj) throw appError('NOT_FOUND', IMAGE_MESSAGES.api.notFound, { field: 'key' });
    return { data: obj.data, contentType: obj.contentType };
  }

  /** The image key of a submission's imageUrl: one this user uploaded and that is stored. */
  async ownedImage(userId: string, imageUrl: string): Promise<string> {
    if (!imageUrl.trim()) throw appError('MISSING_FIELD', IMAGE_MESSAGES.api.required, { field: 'imageUrl' });
    const key = imageKeyOfUrl(imageUrl.trim());
    if (!key) throw appError('VALIDATION_ERROR', IMAGE_NOT_UPLOADED_MESSAGE, { field: 'imageUrl' });
    const rec = await this.deps.uploads.get(key);
    if (!rec || rec.userId !== userId || rec.state !== 'stored' || !(await this.deps.objects.stat(key)))
      throw appError('VALIDATION_ERROR', IMAGE_NOT_UPLOADED_MESSAGE, { field: 'imageUrl' });
    return key;
  }
}
