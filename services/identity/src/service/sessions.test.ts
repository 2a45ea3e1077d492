import { describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { forSuite } from '@tessera/kit/testing';
import { REFRESH_REUSE_GRACE_MS, REFRESH_TOKEN_TTL_MS } from '../domain/policy.js';
import { failureOf, forgedAccessTokens, newAccount, startHarness } from '../test/harness.js';

const h = forSuite(startHarness);

async function verifier() {
  const keys = await h.client.getSigningKeys({});
  const jwks = createLocalJWKSet(JSON.parse(keys.jwksJson) as { keys: [] });
  return (token: string, now = Date.now()) =>
    jwtVerify(token, jwks, {
      algorithms: [keys.algorithm],
      issuer: keys.issuer,
      audience: keys.audience,
      currentDate: new Date(now),
    });
}

describe('access tokens', () => {
  it('are ES256 JWTs with iss, aud, sub and a 15-minute exp, verifiable with the published keys', async () => {
    const keys = await h.client.getSigningKeys({});
    expect(keys).toMatchObject({ algorithm: 'ES256', issuer: 'tessera-identity', audience: 'tessera-bff' });
    const jwks = JSON.parse(keys.jwksJson) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const { session } = await h.client.register(newAccount());
    const header = decodeProtectedHeader(session!.accessToken);
    expect(header).toMatchObject({ alg: 'ES256', kid: jwks.keys[0]!.kid });
    const { payload } = await (await verifier())(session!.accessToken);
    expect(payload.sub).toBe(session!.user!.id);
    expect(payload.exp! - payload.iat!).toBe(900);
  });

  it('refuses alg none, a wrong audience, a foreign key and an expired token', async () => {
    const verify = await verifier();
    const { session } = await h.client.register(newAccount());
    const sub = session!.user!.id;
    const keys = await h.client.getSigningKeys({});
    const { unsigned, foreignKey } = await forgedAccessTokens(
      keys,
      sub,
      decodeProtectedHeader(session!.accessToken).kid,
    );
    await expect(verify(unsigned)).rejects.toBeInstanceOf(errors.JOSEError);
    // signed with another key of the same algorithm
    await expect(verify(foreignKey)).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);
    // wrong audience: the genuine token checked against another audience
    const jwks = createLocalJWKSet(JSON.parse(keys.jwksJson) as { keys: [] });
    await expect(jwtVerify(session!.accessToken, jwks, { audience: 'someone-else' })).rejects.toBeInstanceOf(
      errors.JWTClaimValidationFailed,
    );
    await expect(verify(session!.accessToken, Date.now() + 16 * 60_000)).rejects.toBeInstanceOf(
      errors.JWTExpired,
    );
  });

  it('keeps its stored signing key across restarts', async () => {
    const before = await h.client.getSigningKeys({});
    const { session } = await h.client.register(newAccount());
    await h.restart();
    const after = await h.client.getSigningKeys({});
    expect(after.jwksJson).toBe(before.jwksJson);
    const verify = await verifier();
    await expect(verify(session!.accessToken)).resolves.toBeDefined();
    // the refresh token still works after the restart
    expect((await h.client.refresh({ refreshToken: session!.refreshToken })).session).toBeDefined();
  });
});

describe('refresh tokens', () => {
  it('rotate on every use', async () => {
    const { session } = await h.client.register(newAccount());
    const r1 = await h.client.refresh({ refreshToken: session!.refreshToken });
    expect(r1.session!.refreshToken).not.toBe(session!.refreshToken);
    expect(r1.session!.user!.id).toBe(session!.user!.id);
    const r2 = await h.client.refresh({ refreshToken: r1.session!.refreshToken });
    expect(r2.session!.refreshToken).not.toBe(r1.session!.refreshToken);
  });

  it('a reused one revokes the whole family, the newer token too', async () => {
    const { session } = await h.client.register(newAccount());
    const r1 = await h.client.refresh({ refreshToken: session!.refreshToken });
    h.clock.advance(REFRESH_REUSE_GRACE_MS);
    expect((await failureOf(h.client.refresh({ refreshToken: session!.refreshToken }))).code).toBe(
      'REFRESH_TOKEN_INVALID',
    );
    expect((await failureOf(h.client.refresh({ refreshToken: r1.session!.refreshToken }))).code).toBe(
      'REFRESH_TOKEN_INVALID',
    );
  });

  // A reload that aborts the page's renewal loses the answer: the browser still holds the spent token
  // and presents it a second later. That is not theft, so the session lives.
  it('a spent one presented again within the overlap gets a sibling; the family lives', async () => {
    const { session } = await h.client.register(newAccount());
    const lost = await h.client.refresh({ refreshToken: session!.refreshToken });
    h.clock.advance(REFRESH_REUSE_GRACE_MS - 1000);
    const again = await h.client.refresh({ refreshToken: session!.refreshToken });
    expect(again.session!.user!.id).toBe(session!.user!.id);
    expect(again.session!.refreshToken).not.toBe(lost.session!.refreshToken);
    // both successors live on (each rotates as usual)
    expect((await h.client.refresh({ refreshToken: again.session!.refreshToken })).session).toBeDefined();
    expect((await h.client.refresh({ refreshToken: lost.session!.refreshToken })).session).toBeDefined();
  });

  // The overlap counts from the first use: a use within it writes nothing. Were it to mark the token
  // used again (usedAt = now), a copied token replayed every 20 s would live for ever; with that
  // write added to refresh()'s overlap path this test failed.
  it('the overlap counts from the first use: a replay after it revokes the family', async () => {
    const { session } = await h.client.register(newAccount());
    const first = await h.client.refresh({ refreshToken: session!.refreshToken });
    h.clock.advance(REFRESH_REUSE_GRACE_MS - 5000);
    await h.client.refresh({ refreshToken: session!.refreshToken }); // within the overlap
    h.clock.advance(10_000); // 5 s past the first use's overlap, 10 s after the second use
    expect((await failureOf(h.client.refresh({ refreshToken: session!.refreshToken }))).code).toBe(
      'REFRESH_TOKEN_INVALID',
    );
    expect((await failureOf(h.client.refresh({ refreshToken: first.session!.refreshToken }))).code).toBe(
      'REFRESH_TOKEN_INVALID',
    );
  });

  it('many concurrent uses (tabs renewing at once) each get a token of the same session', async () => {
    const ATTEMPTS = 32;
    const { session } = await h.client.register(newAccount());
    const all = await Promise.all(
      Array.from({ length: ATTEMPTS }, () => h.client.refresh({ refreshToken: session!.refreshToken })),
    );
    const tokens = new Set(all.map((r) => r.session!.refreshToken));
    expect(tokens.size).toBe(ATTEMPTS);
    for (const r of all) expect(r.session!.user!.id).toBe(session!.user!.id);
    h.clock.advance(REFRESH_REUSE_GRACE_MS);
    expect((await failureOf(h.client.refresh({ refreshToken: session!.refreshToken }))).code).toBe(
      'REFRESH_TOKEN_INVALID',
    );
  });

  it('logout revokes; unknown and expired tokens are refused', async () => {
    const { session } = await h.client.register(newAccount());
    await h.client.logout({ refreshToken: session!.refreshToken });
    expect((await failureOf(h.client.refresh({ refreshToken: session!.refreshToken }))).code).toBe(
      'REFRESH_TOKEN_INVALID',
    );
    expect((await failureOf(h.client.logout({ refreshToken: 'nope' }))).code).toBe('REFRESH_TOKEN_INVALID');
    expect((await failureOf(h.client.refresh({ refreshToken: '' }))).code).toBe('REFRESH_TOKEN_INVALID');
    expect((await failureOf(h.client.refresh({ refreshToken: 'x'.repeat(10_000) }))).code).toBe(
      'REFRESH_TOKEN_INVALID',
    );
    const s2 = await h.client.register(newAccount());
    h.clock.advance(REFRESH_TOKEN_TTL_MS + 1000);
    expect((await failureOf(h.client.refresh({ refreshToken: s2.session!.refreshToken }))).code).toBe(
      'REFRESH_TOKEN_EXPIRED',
    );
  });
});
