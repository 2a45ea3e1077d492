/**
 * Service identity keys: one Ed25519 key pair per process. The private key signs the process's
 * service tokens; the public keys of every process are published together as a JWKS. A key's `kid`
 * is `<owner>:<RFC 7638 thumbprint>`, so the published set says which process owns which key and a
 * token is only accepted when its `iss` is the owner of the key that signed it.
 *
 * Node built-ins only (no other dependency): `scripts/start.mjs` imports this module
 * (`@tessera/kit/service-keys`) to generate the keys of a local stack.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import path from 'node:path';
import { sha256Base64url } from '../../digest.js';

export interface PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  /** `<owner>:<thumbprint>` */
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

export interface Jwks {
  keys: PublicJwk[];
}

/** A published key with its owner (the process whose tokens it verifies). */
export interface PublishedKey {
  owner: string;
  key: KeyObject;
}

const OWNER = /^[a-z][a-z0-9-]{0,31}$/;
const B64URL = /^[A-Za-z0-9_-]+$/;

/** RFC 7638 thumbprint of an Ed25519 public key (base64url of SHA-256 over the canonical members). */
export function thumbprint(x: string): string {
  return sha256Base64url(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`);
}

export function kidFor(owner: string, x: string): string {
  return `${owner}:${thumbprint(x)}`;
}

/** The owner named by a kid (`bff:...` -> `bff`), or undefined when the kid has another shape. */
export function ownerOfKid(kid: unknown): string | undefined {
  if (typeof kid !== 'string') return undefined;
  const i = kid.indexOf(':');
  if (i < 1) return undefined;
  const owner = kid.slice(0, i);
  return OWNER.test(owner) && B64URL.test(kid.slice(i + 1)) ? owner : undefined;
}

function assertEd25519(key: KeyObject, what: string): void {
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(`must be an Ed25519 ${what} (got ${key.asymmetricKeyType ?? 'an unknown key type'})`);
}

/**
 * A private key from its text: PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`, also on one line with
 * literal `\n`) or a private JWK (JSON with `d`). Throws an Error whose message completes "SERVICE_KEY ...".
 */
export function parsePrivateKey(text: string): KeyObject {
  let key: KeyObject;
  let t = text.trim();
  // a PEM written on one line with literal \n (env files, `kubectl create secret --from-env-file`)
  if (!t.includes('\n') && t.includes('\\n')) t = t.replaceAll('\\n', '\n');
  try {
    if (t.startsWith('{')) {
      const jwk = JSON.parse(t) as Record<string, unknown>;
      if (typeof jwk.d !== 'string') throw new Error('the JWK has no private part (d)');
      key = createPrivateKey({ key: jwk as never, format: 'jwk' });
    } else {
      key = createPrivateKey(t);
    }
  } catch (err) {
    throw new Error(
      `must be a PKCS#8 PEM or a private JWK of an Ed25519 key (${err instanceof Error ? err.message : String(err)})`,
      { cause: err },
    );
  }
  assertEd25519(key, 'private key');
  return key;
}

/** The public JWK of a private (or public) key, with its owner's kid. */
export function publicJwkOf(owner: string, key: KeyObject): PublicJwk {
  if (!OWNER.test(owner)) throw new Error(`invalid key owner '${owner}'`);
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  assertEd25519(pub, 'key');
  const { x } = pub.export({ format: 'jwk' }) as { x: string };
  return { kty: 'OKP', crv: 'Ed25519', x, kid: kidFor(owner, x), alg: 'EdDSA', use: 'sig' };
}

/** A new key pair for `owner`: the private key as PKCS#8 PEM and its public JWK. */
export function generateServiceKey(owner: string): { privateKeyPem: string; publicJwk: PublicJwk } {
  // Encoded output, then a key object of its own: no KeyObject may share its key with the generation
  // job. Node 20 deadlocks (a futex wait, for good) when the garbage collector destroys that job while
  // a KeyObject of the same key is exporting a JWK: `npm start` hung at start now and then.
  const { privateKey } = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicJwk: publicJwkOf(owner, createPrivateKey(privateKey)) };
}

/**
 * Where `npm start` keeps a key a local process outside the stack needs: `<DATA_DIR>/keys/<name>.key`
 * (the operator CLI's `ops.key`; every process's with TESSERA_EXPOSE_KEYS=1), PKCS#8 PEM, mode 0600.
 */
export function localKeyFile(dataDir: string, name: string): string {
  return path.join(dataDir, 'keys', `${name}.key`);
}

/** The JWKS text of some public keys. */
export function jwksOf(keys: PublicJwk[]): string {
  return JSON.stringify({ keys } satisfies Jwks);
}

/**
 * The published keys by kid, from a JWKS text (`{"keys":[...]}`). Every key must be an Ed25519
 * public key whose kid names its owner (`<owner>:<thumbprint>`). Throws an Error whose message
 * completes "SERVICE_JWKS ...".
 */
export function parseJwks(text: string): Map<string, PublishedKey> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new Error('must be a JSON Web Key Set ({"keys":[...]})');
  }
  const list = (doc as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(list) || list.length === 0) throw new Error('must hold at least one key in "keys"');
  const out = new Map<string, PublishedKey>();
  for (const [i, jwk] of list.entries()) {
    const j = jwk as Record<string, unknown>;
    const owner = ownerOfKid(j?.kid);
    if (!owner) throw new Error(`key ${i}: kid must be '<process>:<thumbprint>' (got '${String(j?.kid)}')`);
    if (j.kty !== 'OKP' || j.crv !== 'Ed25519' || typeof j.x !== 'string')
      throw new Error(`key ${j.kid as string}: must be an Ed25519 public key (kty OKP, crv Ed25519)`);
    if ('d' in j) throw new Error(`key ${j.kid as string}: holds a private key; publish public keys only`);
    let key: KeyObject;
    try {
      key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: j.x } as never, format: 'jwk' });
    } catch (err) {
      throw new Error(`key ${j.kid as string}: ${err instanceof Error ? err.message : String(err)}`, {
        cause: err,
      });
    }
    if (out.has(j.kid as string)) throw new Error(`key ${j.kid as string}: listed twice`);
    out.set(j.kid as string, { owner, key });
  }
  return out;
}
