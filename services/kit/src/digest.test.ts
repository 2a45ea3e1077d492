import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { constantTimeEqual, sha256Base64url } from './digest.js';

describe('sha256Base64url', () => {
  it('is the SHA-256 of the UTF-8 text in base64url', () => {
    expect(sha256Base64url('')).toBe('47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU');
    expect(sha256Base64url('é')).toBe(
      createHash('sha256').update(Buffer.from('é', 'utf8')).digest('base64url'),
    );
    expect(sha256Base64url('a')).not.toBe(sha256Base64url('b'));
  });
});

describe('constantTimeEqual', () => {
  it('is true only for equal contents, strings or bytes, and false for different lengths', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
  });
});
