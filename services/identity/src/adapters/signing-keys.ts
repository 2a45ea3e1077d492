/**
 * The access-token signing key: from JWT_PRIVATE_KEY (PKCS#8 PEM or a private JWK, P-256 for ES256
 * or Ed25519 for EdDSA) when set; otherwise an ES256 key generated on first start and kept in the
 * document store, so a restart (or another replica) signs with the same key and sessions survive.
 */
import { createPrivateKey, type JsonWebKey } from 'node:crypto';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
} from 'jose';
import { storedSecret, type Collection, type Logger } from '@tessera/kit';
import type { SigningKey, SigningKeyProvider } from '../service/ports.js';
import type { KeyDoc } from '../domain/documents.js';

export const STORED_KEY_ID = 'access-token-signing-key';

/** Reads a private key given as PEM or JWK JSON and returns its private JWK (throws when unusable). */
export function parsePrivateKey(text: string): JWK {
  const trimmed = text.trim();
  let jwk: JWK;
  if (trimmed.startsWith('{')) {
    jwk = JSON.parse(trimmed) as JWK;
    // round-trip through node:crypto to validate it
    createPrivateKey({ key: jwk as JsonWebKey, format: 'jwk' });
  } else {
    // PEM in one env line may carry literal "\n"
    const pem = trimmed.includes('\\n') ? trimmed.replace(/\\n/g, '\n') : trimmed;
    jwk = createPrivateKey({ key: pem, format: 'pem' }).export({ format: 'jwk' }) as JWK;
  }
  if (typeof jwk.d !== 'string') throw new Error('JWT_PRIVATE_KEY is not a private key');
  algorithmOf(jwk);
  return jwk;
}

export function algorithmOf(jwk: JWK): SigningKey['alg'] {
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ES256';
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return 'EdDSA';
  throw new Error('JWT_PRIVATE_KEY must be a P-256 (ES256) or Ed25519 (EdDSA) private key');
}

/** The signing key of a private JWK: kid is its RFC 7638 thumbprint. */
export async function signingKeyFromJwk(privateJwk: JWK): Promise<SigningKey> {
  const alg = algorithmOf(privateJwk);
  const { d: _d, ...pub } = privateJwk;
  const publicPart: JWK = { kty: pub.kty, crv: pub.crv, x: pub.x, ...(pub.y ? { y: pub.y } : {}) };
  const kid = await calculateJwkThumbprint(publicPart);
  const privateKey = (await importJWK({ ...privateJwk, alg }, alg)) as CryptoKey;
  return { kid, alg, privateKey, publicJwk: { ...publicPart, kid, alg, use: 'sig' } };
}

/** A key given by configuration. */
export function staticKeyProvider(text: string): SigningKeyProvider {
  const key = signingKeyFromJwk(parsePrivateKey(text));
  key.catch(() => undefined);
  return { current: () => key };
}

/** The stored key, generated once; concurrent first starts agree on one key. */
export async function storedKeyProvider(
  keys: Collection<KeyDoc>,
  now: () => number,
  logger: Logger,
): Promise<SigningKeyProvider> {
  // not generated here: stored before, or another replica stored its key first, which all then use
  const { doc, generated } = await storedSecret(keys, STORED_KEY_ID, async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    const { kid, alg } = await signingKeyFromJwk(jwk);
    return { kid, alg, privateJwk: jwk as Record<string, unknown>, createdAt: now() };
  });
  if (generated) logger.info({ kid: doc.kid }, 'generated and stored a new access-token signing key');
  const key = await signingKeyFromJwk(doc.privateJwk as JWK);
  return { current: () => Promise.resolve(key) };
}
