/**
 * Reading the browser's direct upload (spec section 7: "a direct multipart POST to the returned
 * uploadUrl with the returned fields plus the file"): busboy parses the multipart stream; the form
 * fields come first (as in an S3 presigned POST), then one file. The file is collected up to
 * IMAGE_MAX_BYTES (facts' image rule) and no further: past that busboy drops the rest, and the request is refused with
 * 413 once read. The whole request is bounded too (MAX_REQUEST_BYTES): a longer one is cut off at
 * once, so no client can make the BFF read or hold more than that.
 */
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '@tessera/facts/artwork';
import { HttpError } from '../middleware/errors.js';

/** The file plus the form fields and multipart framing. */
export const MAX_REQUEST_BYTES = IMAGE_MAX_BYTES + 64 * 1024;
const MAX_FIELDS = 10;

const tooLarge = () => new HttpError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.api.size, 'file');

export interface UploadForm {
  fields: Record<string, string>;
  file: Buffer;
  fileType: string;
}

export function readUploadForm(req: IncomingMessage): Promise<UploadForm> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > MAX_REQUEST_BYTES) return Promise.reject(tooLarge());
  return new Promise<UploadForm>((resolve, reject) => {
    let settled = false;
    const fail = (err: HttpError) => {
      if (settled) return;
      settled = true;
      req.unpipe(bb);
      reject(err);
    };
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: {
          fileSize: IMAGE_MAX_BYTES,
          files: 1,
          fields: MAX_FIELDS,
          fieldSize: 8192,
          parts: MAX_FIELDS + 1,
          fieldNameSize: 100,
        },
      });
    } catch {
      reject(
        new HttpError('BAD_REQUEST', 'The upload must be multipart/form-data with a boundary', null, 415),
      );
      return;
    }
    const fields: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let fileSeen = false;
    let fileType = '';
    let truncated = false;
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_REQUEST_BYTES) {
        fail(tooLarge());
        req.pause();
      }
    });
    bb.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated)
        fail(
          new HttpError('VALIDATION_ERROR', `form field ${name.slice(0, 40)} is too long`, name.slice(0, 40)),
        );
      else if (!fileSeen) fields[name] = value;
    });
    bb.on('file', (_name, stream, info) => {
      fileSeen = true;
      fileType = info.mimeType;
      stream.on('data', (c: Buffer) => {
        if (!truncated) chunks.push(c);
      });
      stream.on('limit', () => {
        truncated = true;
        chunks.length = 0;
      });
    });
    bb.on('fieldsLimit', () => fail(new HttpError('VALIDATION_ERROR', 'too many form fields')));
    bb.on('partsLimit', () => fail(new HttpError('VALIDATION_ERROR', 'too many form parts')));
    bb.on('filesLimit', () =>
      fail(new HttpError('VALIDATION_ERROR', 'only one file may be uploaded', 'file')),
    );
    bb.on('error', () => fail(new HttpError('BAD_REQUEST', 'The upload is not valid multipart/form-data')));
    bb.on('close', () => {
      if (settled) return;
      if (truncated) return fail(tooLarge());
      if (!fileSeen) return fail(new HttpError('MISSING_FIELD', IMAGE_MESSAGES.api.required, 'file'));
      settled = true;
      resolve({ fields, file: Buffer.concat(chunks), fileType });
    });
    req.on('aborted', () => fail(new HttpError('BAD_REQUEST', 'The upload was interrupted')));
    req.pipe(bb);
  });
}
