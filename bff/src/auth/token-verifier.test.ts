import { describe, expect, it } from 'vitest';
import { base64url, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { parseSigningKeys, TokenVerifier, type SigningKeys } from './token-verifier.js';

const ISSUER = 'https://identity.tessera.test';
const AUDIENCE = 'tessera-bff';
const ALG = 'ES256';

async function keyPair(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
  return { privateKey, jwk, kid };
}

type Pair = Awaited<ReturnType<typeof keyPair>>;

/**
 * A token as identity signs it (expiring 900 s after `now`); `opts` change one thing a test is
 * about: the lifetime (`expSec: null`, no exp at all), the issuer or the audience.
 */
function sign(
  pair: Pair,
  claims: JWTPayload,
  opts: { now?: number; expSec?: number | null; issuer?: string; audience?: string } = {},
) {
  const iat = Math.floor((opts.now ?? Date.now()) / 1000);
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: ALG, kid: pair.kid, typ: 'at+jwt' })
    .setIssuer(opts.issuer ?? ISSUER)
    .setAudience(opts.audience ?? AUDIENCE)
    .setSubject('user-1')
    .setIssuedAt(iat);
  if (opts.expSec !== null) jwt.setExpirationTime(iat + (opts.expSec ?? 900));
  return jwt.sign(pair.privateKey);
}

function setup(initial: Pair[], clock = { t: Date.now() }) {
  const published = { pairs: initial };
  let calls = 0;
  const verifier = new TokenVerifier({
    now: () => clock.t,
    fetchKeys: async (): Promise<SigningKeys> => {
      calls++;
      return {
        jwks: { keys: published.pairs.map((p) => p.jwk) },
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithm: ALG,
      };
    },
  });
  return { verifier, published, clock, calls: () => calls };
}

describe('TokenVerifier', () => {
  it('accepts a valid token and exposes its subject and claims', async () => {
    const k = await keyPair('k1');
    const { verifier } = setup([k]);
    const res = await verifier.verify(
      await sign(k, { username: 'ada', email: 'ada@example.com', jti: 'j1' }),
    );
    expect(res).toMatchObject({
      ok: true,
      auth: { userId: 'user-1', username: 'ada', email: 'ada@example.com', tokenId: 'j1' },
    });
  });

  it('refuses an unsecured token (alg: none) and an HMAC token keyed with the public key', async () => {
    const k = await keyPair('k1');
    const { verifier } = setup([k]);
    const now = Math.floor(Date.now() / 1000);
    const enc = (v: object) => base64url.encode(JSON.stringify(v));
    const payload = { sub: 'user-1', iss: ISSUER, aud: AUDIENCE, iat: now, exp: now + 600 };
    const none = `${enc({ alg: 'none', kid: 'k1' })}.${enc(payload)}.`;
    expect(await verifier.verify(none)).toMatchObject({ ok: false, code: 'INVALID_TOKEN' });
    const hs = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .sign(new TextEncoder().encode(JSON.stringify(k.jwk)));
    expect(await verifier.verify(hs)).toMatchObject({ ok: false, code: 'INVALID_TOKEN' });
  });

  it('accepts only the one published algorithm, even from another key of the published set', async () => {
    const es = await keyPair('k1');
    const ed = await generateKeyPair('EdDSA', { extractable: true });
    const edPair: Pair = {
      privateKey: ed.privateKey,
      kid: 'k2',
      jwk: { ...(await exportJWK(ed.publicKey)), kid: 'k2', alg: 'EdDSA', use: 'sig' },
    };
    const edToken = await new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k2' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('user-1')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(ed.privateKey);
    const { verifier } = setup([es, edPair]);
    expect(await verifier.verify(edToken)).toMatchObject({ ok: false, code: 'INVALID_TOKEN' });
    expect(await verifier.verify(await sign(es, {}))).toMatchObject({ ok: true });
    // the same key set with EdDSA published: now the EdDSA token passes and the ES256 one does not
    const edOnly = new TokenVerifier({
      fetchKeys: () =>
        Promise.resolve({
          jwks: { keys: [es.jwk, edPair.jwk] },
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithm: 'EdDSA',
        }),
    });
    expect(await edOnly.verify(edToken)).toMatchObject({ ok: true });
    expect(await edOnly.verify(await sign(es, {}))).toMatchObject({ ok: false, code: 'INVALID_TOKEN' });
  });

  it('refuses a wrong audience, a wrong issuer and a tampered payload', async () => {
    const k = await keyPair('k1');
    const { verifier } = setup([k]);
    const wrongAud = await sign(k, {}, { audience: 'another-app' });
    expect(await verifier.verify(wrongAud)).toMatchObject({ ok: false, code: 'INVALID_TOKEN' });
    const wrongIss = await sign(k, {}, { issuer: 'https://evil.test' });
    expect(await verifier.verify(wrongIss)).toMatchObject({ ok: false, code: 'INVALID_TOKEN' });
    const good = await sign(k, {});
    const [h, p, s] = good.split('.') as [string, string, string];
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(p))) as JWTPayload;
    const forged = `${h}.${base64url.encode(JSON.stringify({ ...claims, sub: 'admin' }))}.${s}`;
    expect(await verifier.verify(forged)).toMatchObject({ ok: false, code: 'INVALID_TOKEN' });
  });

  it('answers TOKEN_EXPIRED after exp plus a small tolerance, and accepts within it', async () => {
    const k = await keyPair('k1');
    const clock = { t: Date.now() };
    const { verifier } = setup([k], clock);
    const token = await sign(k, {}, { now: clock.t, expSec: 60 });
    clock.t += 63_000; // 3 s past exp, inside the 5 s tolerance
    expect(await verifier.verify(token)).toMatchObject({ ok: true });
    clock.t += 10_000;
    expect(await verifier.verify(token)).toMatchObject({ ok: false, code: 'TOKEN_EXPIRED' });
  });

  it('remembers a verified token only while its keys are current: a withdrawn key is refused after the reload', async () => {
    const k1 = await keyPair('k1');
    const k2 = await keyPair('k2');
    const clock = { t: Date.now() };
    const env = setup([k1], clock);
    const token = await sign(k1, { username: 'ada' }, { now: clock.t });
    expect(await env.verifier.verify(token)).toMatchObject({ ok: true, auth: { username: 'ada' } });
    expect(await env.verifier.verify(token)).toMatchObject({ ok: true, auth: { username: 'ada' } });
    expect(env.calls()).toBe(1);
    // identity rotates k1 out; the keys are reloaded once they are 10 minutes old
    env.published.pairs = [k2];
    clock.t += 10 * 60_000 + 1;
    expect(await env.verifier.verify(token)).toMatchObject({ ok: false, code: 'INVALID_TOKEN' });
    expect(env.calls()).toBe(2);
  });

  it('refuses a token without a subject or expiry, and garbage of every shape', async () => {
    const k = await keyPair('k1');
    const { verifier } = setup([k]);
    const noExp = await sign(k, {}, { expSec: null });
    expect(await verifier.verify(noExp)).toMatchObject({ ok: false, code: 'INVALID_TOKEN' });
    for (const junk of ['', 'abc', 'a.b.c', '....', `${'x'.repeat(9000)}.a.b`, '%%%.%%%.%%%']) {
      expect(await verifier.verify(junk)).toMatchObject({ ok: false, code: 'INVALID_TOKEN' });
    }
  });

  it('refetches keys on an unknown kid at most every 30 s, picking up a rotated key', async () => {
    const k1 = await keyPair('k1');
    const k2 = await keyPair('k2');
    const env = setup([k1]);
    expect(await env.verifier.verify(await sign(k1, {}))).toMatchObject({ ok: true });
    expect(env.calls()).toBe(1);
    // a forged kid right after the fetch does not reach identity again
    expect(await env.verifier.verify(await sign(k2, {}))).toMatchObject({ ok: false, code: 'INVALID_TOKEN' });
    expect(env.calls()).toBe(1);
    env.published.pairs = [k1, k2];
    env.clock.t += 30_000;
    expect(await env.verifier.verify(await sign(k2, {}, { now: env.clock.t }))).toMatchObject({ ok: true });
    expect(env.calls()).toBe(2);
    // a known kid never causes a fetch
    expect(await env.verifier.verify(await sign(k1, {}, { now: env.clock.t }))).toMatchObject({ ok: true });
    expect(env.calls()).toBe(2);
  });

  it('shares one key fetch between concurrent verifications and keeps old keys when a refresh fails', async () => {
    const k = await keyPair('k1');
    const clock = { t: Date.now() };
    let fail = false;
    let calls = 0;
    const verifier = new TokenVerifier({
      now: () => clock.t,
      maxAgeMs: 60_000,
      fetchKeys: async () => {
        calls++;
        await new Promise((r) => setTimeout(r, 10));
        if (fail) throw new Error('identity down');
        return { jwks: { keys: [k.jwk] }, issuer: ISSUER, audience: AUDIENCE, algorithm: ALG };
      },
    });
    const token = await sign(k, {}, { now: clock.t, expSec: 900 });
    const results = await Promise.all(Array.from({ length: 5 }, () => verifier.verify(token)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(calls).toBe(1);
    fail = true;
    clock.t += 61_000;
    expect(await verifier.verify(token)).toMatchObject({ ok: true });
    expect(calls).toBe(2);
  });

  it('rejects when keys were never loaded because identity is unreachable', async () => {
    const verifier = new TokenVerifier({
      fetchKeys: () => Promise.reject(new Error('unreachable')),
    });
    const k = await keyPair('k1');
    await expect(verifier.verify(await sign(k, {}))).rejects.toThrow('unreachable');
  });
});

describe('parseSigningKeys', () => {
  const keys = { jwksJson: '{"keys":[]}', issuer: 'i', audience: 'a', algorithm: 'EdDSA' };

  it('accepts a JWKS', () => {
    expect(parseSigningKeys(keys).algorithm).toBe('EdDSA');
  });

  it.each([
    ['JSON that does not parse', { jwksJson: '{' }],
    ['a set without keys', { jwksJson: '{}' }],
    ['alg none', { algorithm: 'none' }],
    ['an empty issuer', { issuer: '', algorithm: 'RS256' }],
  ])('refuses %s', (_name, change) => {
    expect(() => parseSigningKeys({ ...keys, ...change })).toThrow();
  });
});
