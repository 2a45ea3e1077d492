import { describe, expect, it } from 'vitest';
import {
  FIELD_POLICY,
  FIELD_SIGNATURE,
  signUploadForm,
  UPLOAD_TTL_MS,
  verifyUploadForm,
  type UploadPolicy,
} from './upload-policy.js';

const secret = Buffer.alloc(32, 7);
const now = Date.parse('2026-11-24T12:00:00Z');

describe('upload policy', () => {
  it('signs a form in the shape of a presigned POST and verifies it', () => {
    const fields = signUploadForm(secret, 'uploads/abc', 'image/png', now);
    const policy = JSON.parse(Buffer.from(fields[FIELD_POLICY]!, 'base64').toString()) as UploadPolicy;
    expect(policy).toEqual({
      expiration: new Date(now + UPLOAD_TTL_MS).toISOString(),
      conditions: [
        { key: 'uploads/abc' },
        { 'Content-Type': 'image/png' },
        ['content-length-range', 1, 10 * 1024 * 1024],
      ],
    });
    expect(verifyUploadForm(secret, fields, now + 1000)).toEqual({
      ok: true,
      key: 'uploads/abc',
      contentType: 'image/png',
      minBytes: 1,
      maxBytes: 10 * 1024 * 1024,
    });
  });

  it('refuses an expired form', () => {
    const fields = signUploadForm(secret, 'k', 'image/png', now);
    expect(verifyUploadForm(secret, fields, now + UPLOAD_TTL_MS)).toMatchObject({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses forged forms: another secret, a changed policy, key or type, a missing signature', () => {
    const fields = signUploadForm(secret, 'k', 'image/png', now);
    const forged = (f: Record<string, string>, s: Uint8Array = secret) => verifyUploadForm(s, f, now);
    expect(forged(fields, Buffer.alloc(32, 8))).toMatchObject({ ok: false, reason: 'forged' });
    const longer: UploadPolicy = {
      expiration: new Date(now + 86_400_000).toISOString(),
      conditions: [{ key: 'k' }, { 'Content-Type': 'image/png' }, ['content-length-range', 1, 1e9]],
    };
    expect(
      forged({ ...fields, [FIELD_POLICY]: Buffer.from(JSON.stringify(longer)).toString('base64') }),
    ).toMatchObject({
      ok: false,
      reason: 'forged',
    });
    expect(forged({ ...fields, key: 'other' })).toMatchObject({ ok: false, reason: 'forged' });
    expect(forged({ ...fields, 'Content-Type': 'text/html' })).toMatchObject({ ok: false, reason: 'forged' });
    const { [FIELD_SIGNATURE]: _s, ...unsigned } = fields;
    expect(forged(unsigned)).toMatchObject({ ok: false, reason: 'forged' });
    expect(forged({ ...fields, [FIELD_SIGNATURE]: 'zz' })).toMatchObject({ ok: false, reason: 'forged' });
    expect(forged({ ...fields, 'x-tessera-algorithm': 'none' })).toMatchObject({
      ok: false,
      reason: 'forged',
    });
  });
});
