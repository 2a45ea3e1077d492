/**
 * Service identities for tests: a fresh key pair for every caller of the trust table, their JWKS,
 * the environment a built service process needs, clients that sign as a given caller (or with an
 * expired token), and the trust a test server enforces (exactly what `runService` gives a process).
 */
import { CALLERS, RPC_CALLERS, type CallerName } from '@tessera/facts/trust';
import type { ServiceName } from '@tessera/facts/ports';
import { brokerTrust, serviceTrust, type RpcTrust } from '../rpc/identity/guard.js';
import { signingIdentity, type CallerIdentity } from '../rpc/identity/identity.js';
import {
  generateServiceKey,
  jwksOf,
  parseJwks,
  parsePrivateKey,
  type PublicJwk,
} from '../rpc/identity/keys.js';
import { TokenSigner, TokenVerifier, TOKEN_LIFETIME_S } from '../rpc/identity/tokens.js';

/**
 * Signs each call as the first caller the trust table allows for its method, with `as(caller)`'s
 * key (tests that play every caller: the test identities here, and a stack's own keys).
 */
export function allowedCallers(as: (caller: string) => CallerIdentity): CallerIdentity {
  return {
    name: 'allowed',
    tokenFor: (call) => {
      const caller = RPC_CALLERS[call.audience as ServiceName]?.[call.method]?.[0];
      if (!caller) throw new Error(`nobody may call ${call.service}/${call.method}`);
      return as(caller).tokenFor(call);
    },
  };
}

export interface TestIdentities {
  /** The JWKS (SERVICE_JWKS) of every caller's public key. */
  readonly jwks: string;
  /** The private key (SERVICE_KEY, PKCS#8 PEM) of a caller. */
  privateKey(name: CallerName | string): string;
  /** SERVICE_KEY and SERVICE_JWKS of a process (the broker: SERVICE_JWKS only). */
  env(name: ServiceName | 'broker' | 'bff'): Record<string, string>;
  /** Signs every call as `name`. */
  as(name: CallerName | string): CallerIdentity;
  /** Signs as `name` with tokens that expired minutes ago (correctly signed otherwise). */
  expired(name: CallerName | string): CallerIdentity;
  /** Signs each call as the first caller the trust table allows for that method (tests that play every caller). */
  allowed(): CallerIdentity;
  /** What a guarded test server accepts, as runService configures it. */
  trust(self: ServiceName | 'broker'): RpcTrust;
  verifier(self: ServiceName | 'broker'): TokenVerifier;
}

/** Key pairs for every caller of the trust table (`CALLERS`), and for `extra` names (e.g. an unknown process). */
export function testIdentities(extra: string[] = []): TestIdentities {
  const names = [...CALLERS, ...extra];
  const pems = new Map<string, string>();
  const publics: PublicJwk[] = [];
  for (const n of names) {
    const { privateKeyPem, publicJwk } = generateServiceKey(n);
    pems.set(n, privateKeyPem);
    publics.push(publicJwk);
  }
  const jwks = jwksOf(publics);
  const published = parseJwks(jwks);
  const pemOf = (name: string) => {
    const pem = pems.get(name);
    if (!pem) throw new Error(`no test key for '${name}'`);
    return pem;
  };
  const signers = new Map<string, TokenSigner>();
  const signer = (name: string) => {
    let s = signers.get(name);
    if (!s) signers.set(name, (s = new TokenSigner(name, parsePrivateKey(pemOf(name)))));
    return s;
  };
  const verifier = (self: string) => new TokenVerifier(self, published);
  return {
    jwks,
    privateKey: pemOf,
    env: (name): Record<string, string> =>
      name === 'broker' ? { SERVICE_JWKS: jwks } : { SERVICE_KEY: pemOf(name), SERVICE_JWKS: jwks },
    as: (name) => signingIdentity(signer(name)),
    expired: (name) =>
      signingIdentity(
        new TokenSigner(name, parsePrivateKey(pemOf(name)), {
          // issued two lifetimes ago: expired for minutes, well past any clock tolerance
          now: () => Date.now() - 2 * TOKEN_LIFETIME_S * 1000,
        }),
      ),
    allowed: () => allowedCallers((name) => signingIdentity(signer(name))),
    trust: (self) =>
      self === 'broker' ? brokerTrust(verifier('broker')) : serviceTrust(self, verifier(self)),
    verifier,
  };
}
