import { describe, expect, it } from 'vitest';
import { KindedError } from './kinded-error.js';

describe('KindedError', () => {
  it('carries its kind, message and status, and is an Error', () => {
    const e = new KindedError<'busy' | 'gone'>('busy', 'Try again', 503);
    expect(e).toBeInstanceOf(Error);
    expect([e.kind, e.message, e.status]).toEqual(['busy', 'Try again', 503]);
    expect(new KindedError('gone', 'Gone').status).toBe(0);
  });

  it('keeps the subclass for instanceof and its name', () => {
    class UploadError extends KindedError<'cors'> {
      override readonly name = 'UploadError';
    }
    const e = new UploadError('cors', 'Blocked');
    expect(e).toBeInstanceOf(UploadError);
    expect(e).toBeInstanceOf(KindedError);
    expect(e.name).toBe('UploadError');
  });
});
