import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { appError, REFUSED_HEADER } from '@tessera/kit';
import { isPeerRefusal, onPeerRefusal } from './peer-refusal.js';

describe('isPeerRefusal', () => {
  it('is a refusal of what the caller sent: any 4xx but a rate limit', () => {
    for (const code of [
      'VALIDATION_ERROR',
      'REFRESH_TOKEN_INVALID',
      'REFRESH_TOKEN_EXPIRED',
      'NOT_FOUND',
    ] as const)
      expect(isPeerRefusal(appError(code, 'x')), code).toBe(true);
    expect(isPeerRefusal(new ConnectError('bad', Code.InvalidArgument))).toBe(true);
  });

  it('is not a rate limit, a failing or unreachable peer, or a refusal of this process', () => {
    expect(isPeerRefusal(appError('RATE_LIMIT_EXCEEDED', 'wait'))).toBe(false);
    expect(isPeerRefusal(appError('INTERNAL_SERVER_ERROR', 'x'))).toBe(false);
    expect(isPeerRefusal(new ConnectError('down', Code.Unavailable))).toBe(false);
    const guard = new ConnectError(
      'no',
      Code.PermissionDenied,
      new Headers({ [REFUSED_HEADER]: 'permission_denied' }),
    );
    expect(isPeerRefusal(guard)).toBe(false);
    expect(isPeerRefusal(new Error('bug'))).toBe(false);
  });
});

describe('onPeerRefusal', () => {
  const replaced = new Error('replaced');

  it('answers the call, replaces a refusal and passes any other failure on', async () => {
    await expect(onPeerRefusal(Promise.resolve(1), () => replaced)).resolves.toBe(1);
    await expect(onPeerRefusal(Promise.reject(appError('NOT_FOUND', 'gone')), () => replaced)).rejects.toBe(
      replaced,
    );
    const down = new ConnectError('down', Code.Unavailable);
    await expect(onPeerRefusal(Promise.reject(down), () => replaced)).rejects.toBe(down);
  });
});
