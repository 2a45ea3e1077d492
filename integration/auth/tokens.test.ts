/**
 * Identity's access tokens checked by the BFF's own verifier (keys from GetSigningKeys): a genuine
 * token passes; alg "none", a genuine signature for another audience, a foreign key and an expired
 * token are refused. Refresh reuse kills the family, the newer token included.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '@connectrpc/connect';
import { createPeerTransport } from '@tessera/kit';
import { decodeProtectedHeader } from 'jose';
import { IdentityService } from '@tessera/proto/tessera/identity/v1/identity_pb.js';
import { parseSigningKeys, TokenVerifier } from '../../bff/src/auth/token-verifier.js';
import { forgedAccessTokens, newAccount, REFRESH_REUSE_GRACE_MS } from '@tessera/identity/testing';
import { startIdentity, type RunningIdentity } from './identity.js';

const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ format: 'pem', type: 'pkcs8' })
  .toString();
let main: RunningIdentity;
let otherAudience: RunningIdentity;
let identity: Client<typeof IdentityService>;
let other: Client<typeof IdentityService>;

beforeAll(async () => {
  main = await startIdentity({ env: { JWT_PRIVATE_KEY: pem } });
  // the same key, another audience: its tokens carry a genuine signature meant for someone else
  otherAudience = await startIdentity({ env: { JWT_PRIVATE_KEY: pem, JWT_AUDIENCE: 'another-app' } });
  identity = createClient(IdentityService, createPeerTransport(main.url));
  other = createClient(IdentityService, createPeerTransport(otherAudience.url));
});

afterAll(async () => {
  await main?.close();
  await otherAudience?.close();
});

function verifier(now = () => Date.now()) {
  return new TokenVerifier({
    fetchKeys: async () => parseSigningKeys(await identity.getSigningKeys({})),
    now,
  });
}

describe('access tokens through the BFF verifier', () => {
  it('accepts a genuine token and names its user', async () => {
    const { session } = await identity.register(newAccount());
    const r = await verifier().verify(session!.accessToken);
    expect(r).toMatchObject({
      ok: true,
      auth: { userId: session!.user!.id, username: session!.user!.username },
    });
  });

  it('refuses alg none, a wrong audience, a foreign key and an expired token', async () => {
    const v = verifier();
    const keys = await identity.getSigningKeys({});
    const { session } = await identity.register(newAccount());
    const kid = decodeProtectedHeader(session!.accessToken).kid;
    const { unsigned, foreignKey } = await forgedAccessTokens(keys, session!.user!.id, kid);

    expect(await v.verify(unsigned)).toMatchObject({ ok: false, code: 'INVALID_TOKEN' });

    const elsewhere = await other.register(newAccount());
    expect(decodeProtectedHeader(elsewhere.session!.accessToken).kid).toBe(kid);
    expect(await v.verify(elsewhere.session!.accessToken)).toMatchObject({
      ok: false,
      code: 'INVALID_TOKEN',
    });

    expect(await v.verify(foreignKey)).toMatchObject({ ok: false, code: 'INVALID_TOKEN' });

    const later = verifier(() => Date.now() + 16 * 60_000);
    expect(await later.verify(session!.accessToken)).toMatchObject({ ok: false, code: 'TOKEN_EXPIRED' });
  });

  it('a reused refresh token ends the session: the newer refresh token dies too', async () => {
    const { session } = await identity.register(newAccount());
    const next = await identity.refresh({ refreshToken: session!.refreshToken });
    expect((await verifier().verify(next.session!.accessToken)).ok).toBe(true);
    main.clock.advance(REFRESH_REUSE_GRACE_MS); // past the overlap forgiven to a lost answer
    await expect(identity.refresh({ refreshToken: session!.refreshToken })).rejects.toThrow(
      /session has ended/,
    );
    await expect(identity.refresh({ refreshToken: next.session!.refreshToken })).rejects.toThrow(
      /session has ended/,
    );
  });

  it('answers bad input with errors, never a crash', async () => {
    await expect(identity.login({ email: 'x'.repeat(1_000_000), password: 'p' })).rejects.toThrow(
      /valid email/,
    );
    await expect(identity.getUsers({ userIds: ['\u0000', '$where', ''] })).resolves.toEqual(
      expect.objectContaining({ users: [] }),
    );
    await expect(identity.redeemExchangeToken({ exchangeToken: '{"$ne":null}' })).rejects.toThrow(
      /Invalid or expired/,
    );
    const { session } = await identity.register(newAccount());
    expect(session!.user!.id).toBeTruthy();
  });
});
