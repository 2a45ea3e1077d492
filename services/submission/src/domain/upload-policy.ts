/**
 * The signed upload form (spec section 7: "POST /artist-selection/upload-url ... returns data
 * uploadUrl, fields, imageUrl", then "a direct multipart POST to the returned uploadUrl with the
 * returned fields plus the file; no auth"), in the shape of an S3 presigned POST: the fields carry
 * the object key, the content type, a base64 JSON policy (expiration and conditions: the key, the
 * content type, the content-length range) and an HMAC-SHA256 signature of that policy. The policy is
 * the credential of the upload. Pure (the secret and the clock are given).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { IMAGE_MAX_BYTES } from '@tessera/facts/artwork';

export const FIELD_KEY = 'key';
export const FIELD_CONTENT_TYPE = 'Content-Type';
export const FIELD_POLICY = 'policy';
export const FIELD_ALGORITHM = 'x-tessera-algorithm';
export const FIELD_SIGNATURE = 'x-tessera-signature';
export const ALGORITHM = 'HMAC-SHA256';
/** The form fields the upload must send back, in order (the file comes after them). */
export const UPLOAD_FIELDS = [FIELD_KEY, FIELD_CONTENT_TYPE, FIELD_POLICY, FIELD_ALGORITHM, FIELD_SIGNATURE];

/** How long an upload form is valid. */
export const UPLOAD_TTL_MS = 15 * 60_000;

export const FORGED_MESSAGE = 'The upload form is not valid. Please request a new upload URL.';
export const EXPIRED_MESSAGE = 'The upload form has expired. Please request a new upload URL.';

export type PolicyCondition =
  { key: string } | { 'Content-Type': string } | ['content-length-range', number, number];

export interface UploadPolicy {
  expiration: string;
  conditions: PolicyCondition[];
}

function sign(secret: Uint8Array, policyB64: string): string {
  return createHmac('sha256', secret).update(policyB64).digest('hex');
}

/** The form fields for uploading `contentType` bytes under `key`, valid until now + UPLOAD_TTL_MS. */
export function signUploadForm(
  secret: Uint8Array,
  key: string,
  contentType: string,
  now: number,
  maxBytes = IMAGE_MAX_BYTES,
): Record<string, string> {
  const policy: UploadPolicy = {
    expiration: new Date(now + UPLOAD_TTL_MS).toISOString(),
    conditions: [{ key }, { 'Content-Type': contentType }, ['content-length-range', 1, maxBytes]],
  };
  const b64 = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
  return {
    [FIELD_KEY]: key,
    [FIELD_CONTENT_TYPE]: contentType,
    [FIELD_POLICY]: b64,
    [FIELD_ALGORITHM]: ALGORITHM,
    [FIELD_SIGNATURE]: sign(secret, b64),
  };
}

export type VerifiedUpload = {
  ok: true;
  key: string;
  contentType: string;
  minBytes: number;
  maxBytes: number;
};
export type UploadRefusal = { ok: false; reason: 'forged' | 'expired'; detail: string };

/**
 * Checks the fields an upload sent back: the signature over the policy, then the policy's expiry and
 * that its conditions name exactly this key and content type and a size range. Anything else is
 * 'forged'. The size of the bytes is checked by the caller against the returned range.
 */
export function verifyUploadForm(
  secret: Uint8Array,
  fields: Record<string, string>,
  now: number,
): VerifiedUpload | UploadRefusal {
  const forged = (detail: string): UploadRefusal => ({ ok: false, reason: 'forged', detail });
  const b64 = fields[FIELD_POLICY];
  const signature = fields[FIELD_SIGNATURE];
  if (typeof b64 !== 'string' || typeof signature !== 'string') return forged('policy or signature missing');
  if (fields[FIELD_ALGORITHM] !== ALGORITHM) return forged('unknown algorithm');
  const expected = Buffer.from(sign(secret, b64), 'hex');
  const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return forged('bad signature');
  let policy: UploadPolicy;
  try {
    policy = JSON.parse(Buffer.from(b64, 'base64').toString('utf8')) as UploadPolicy;
  } catch {
    return forged('policy is not JSON');
  }
  const expiry = typeof policy?.expiration === 'string' ? Date.parse(policy.expiration) : NaN;
  if (!Number.isFinite(expiry)) return forged('no expiration');
  if (expiry <= now) return { ok: false, reason: 'expired', detail: `expired at ${policy.expiration}` };
  const conditions = Array.isArray(policy.conditions) ? policy.conditions : [];
  let key: string | undefined;
  let contentType: string | undefined;
  let range: [number, number] | undefined;
  for (const c of conditions) {
    if (Array.isArray(c) && c[0] === 'content-length-range') range = [Number(c[1]), Number(c[2])];
    else if (c && typeof c === 'object' && 'key' in c) key = c.key;
    else if (c && typeof c === 'object' && 'Content-Type' in c) contentType = c['Content-Type'];
  }
  if (!key || key !== fields[FIELD_KEY]) return forged('key differs from the policy');
  if (!contentType || contentType !== fields[FIELD_CONTENT_TYPE]) return forged('content type differs');
  if (!range || !Number.isSafeInteger(range[0]) || !Number.isSafeInteger(range[1]))
    return forged('no size range');
  return { ok: true, key, contentType, minBytes: range[0], maxBytes: range[1] };
}
