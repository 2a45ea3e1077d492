/** Service tokens: what a verifier accepts and refuses, and how a signer caches and renews. */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { generateServiceKey, jwksOf, parseJwks, parsePrivateKey, publicJwkOf } from './keys.js';
import { TokenRefused, TokenSigner, TokenVerifier, TOKEN_LIFETIME_S } from './tokens.js';

function keys(...owners: string[]) {
  const made = owners.map((o) => ({ owner: o, ...generateServiceKey(o) }));
  const published = parseJwks(jwksOf(made.map((m) => m.publicJwk)));
  const key = (o: string) => parsePrivateKey(made.find((m) => m.owner === o)!.privateKeyPem);
  return { published, key };
}

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TokenRefused);
  return (err as Error).message;
}

describe('service tokens', () => {
  const k = keys('bff', 'payment', 'canvas');

  it('carry the caller to a verifier of the audience they name', async () => {
    const token = await new TokenSigner('bff', k.key('bff')).token('canvas');
    expect(await new TokenVerifier('canvas', k.published).verify(token)).toBe('bff');
    // the same token, presented to another process, is refused
    expect(await refusal(new TokenVerifier('lock', k.published).verify(token))).toMatch(/aud/);
  });

  it('are refused once expired, and when issued too long ago', async () => {
    const minutesAgo = (m: number) => () => Date.now() - m * 60_000;
    const old = await new TokenSigner('bff', k.key('bff'), { now: minutesAgo(10) }).token('canvas');
    expect(await refusal(new TokenVerifier('canvas', k.published).verify(old))).toMatch(/expired/);
    // a token that claims a long life (signed by hand with the right key) is still refused by age
    const long = await new TokenSigner('bff', k.key('bff'), { now: minutesAgo(8), lifetimeS: 3600 }).token(
      'canvas',
    );
    expect(await refusal(new TokenVerifier('canvas', k.published).verify(long))).toMatch(
      /issued too long ago/,
    );
  });

  it('are refused when signed with another process key, an unpublished key, or no signature', async () => {
    const v = new TokenVerifier('canvas', k.published);
    /** A token from 'bff' to 'canvas', signed by hand with `key` under the key id `kid`. */
    const bffToken = (kid: string, key: KeyObject) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'EdDSA', kid })
        .setIssuer('bff')
        .setAudience('canvas')
        .setIssuedAt()
        .setExpirationTime('2m')
        .sign(key);
    // payment's key, claiming to be the BFF
    const paymentKid = publicJwkOf('payment', k.key('payment')).kid;
    const forged = await bffToken(paymentKid, k.key('payment'));
    expect(await refusal(v.verify(forged))).toMatch(/signed with a key of 'payment'/);
    // the BFF's kid, but a key nobody published
    const stranger = generateKeyPairSync('ed25519').privateKey;
    const bffKid = publicJwkOf('bff', k.key('bff')).kid;
    const wrongKey = await bffToken(bffKid, stranger);
    expect(await refusal(v.verify(wrongKey))).toMatch(/invalid service token/);
    expect(await refusal(new TokenSigner('bff', stranger).token('canvas').then((t) => v.verify(t)))).toMatch(
      /unknown signing key/,
    );
    // alg none: header and payload without a signature
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const none = `${b64({ alg: 'none', kid: bffKid })}.${b64({ iss: 'bff', aud: 'canvas', iat: now, exp: now + 60 })}.`;
    expect(await refusal(v.verify(none))).toMatch(/invalid service token/);
    // a valid token whose payload was changed to another caller
    const good = await new TokenSigner('bff', k.key('bff')).token('canvas');
    const [h, , s] = good.split('.');
    const tampered = `${h}.${b64({ iss: 'payment', sub: 'payment', aud: 'canvas', iat: now, exp: now + 60 })}.${s}`;
    expect(await refusal(v.verify(tampered))).toMatch(/invalid service token/);
    expect(await refusal(v.verify('not a token'))).toMatch(/invalid service token/);
  });

  it('are signed once per audience and signed again shortly before they expire', async () => {
    let now = Date.now();
    const signer = new TokenSigner('bff', k.key('bff'), { now: () => now });
    const first = await signer.token('canvas');
    expect(await signer.token('canvas')).toBe(first);
    expect(await signer.token('lock')).not.toBe(first);
    now += (TOKEN_LIFETIME_S - 90) * 1000;
    expect(await signer.token('canvas')).toBe(first);
    now += 60_000; // 30 s left: a new one
    const second = await signer.token('canvas');
    expect(second).not.toBe(first);
    const v = new TokenVerifier('canvas', k.published, { now: () => now });
    expect(await v.verify(second)).toBe('bff');
  });

  it('a signer signs once per audience, shares that token, and signs again a minute before it expires', async () => {
    let now = Date.now();
    const signer = new TokenSigner('bff', k.key('bff'), { now: () => now });
    const [a, b] = await Promise.all([signer.token('canvas'), signer.token('canvas')]);
    expect(a).toBe(b);
    expect(await signer.token('lock')).not.toBe(a);
    now += (TOKEN_LIFETIME_S - 61) * 1000;
    expect(await signer.token('canvas')).toBe(a);
    now += 2000;
    const renewed = await signer.token('canvas');
    expect(renewed).not.toBe(a);
    expect(await new TokenVerifier('canvas', k.published, { now: () => now }).verify(renewed)).toBe('bff');
  });

  it('a verified token is remembered only until it expires', async () => {
    let now = Date.now();
    const token = await new TokenSigner('bff', k.key('bff'), { now: () => now }).token('canvas');
    const v = new TokenVerifier('canvas', k.published, { now: () => now });
    expect(await v.verify(token)).toBe('bff');
    now += (TOKEN_LIFETIME_S + 31) * 1000;
    expect(await refusal(v.verify(token))).toMatch(/expired/);
  });
});

describe('published keys', () => {
  it('refuse a JWKS whose keys do not name their owner, hold private parts, or are not Ed25519', () => {
    const { publicJwk, privateKeyPem } = generateServiceKey('bff');
    expect(() => parseJwks('nope')).toThrow(/JSON Web Key Set/);
    expect(() => parseJwks('{"keys":[]}')).toThrow(/at least one key/);
    expect(() => parseJwks(jwksOf([{ ...publicJwk, kid: 'no-owner' }]))).toThrow(/kid must be/);
    const priv = parsePrivateKey(privateKeyPem).export({ format: 'jwk' });
    expect(() => parseJwks(JSON.stringify({ keys: [{ ...priv, kid: publicJwk.kid }] }))).toThrow(/private/);
    expect(() => parseJwks(jwksOf([publicJwk, publicJwk]))).toThrow(/twice/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    expect(() => parsePrivateKey(rsa.export({ format: 'pem', type: 'pkcs8' }).toString())).toThrow(/Ed25519/);
    expect(() => parsePrivateKey('garbage')).toThrow(/PKCS#8 PEM or a private JWK/);
    // a private JWK works as well as the PEM
    expect(parsePrivateKey(JSON.stringify(priv)).asymmetricKeyType).toBe('ed25519');
    // and a PEM on one line with literal \n (an env file)
    expect(parsePrivateKey(privateKeyPem.trim().replaceAll('\n', '\\n')).asymmetricKeyType).toBe('ed25519');
  });
});
