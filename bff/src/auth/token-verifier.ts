/**
 * Local verification of the access tokens identity issues: the JWKS, issuer, audience and the one
 * algorithm come from `identity.GetSigningKeys` and are cached; an unknown `kid` refetches them, at
 * most once per 30 s, so a key rotation is picked up without letting forged `kid`s hammer identity.
 */
import { createLocalJWKSet, decodeProtectedHeader, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import { BoundedMap, SingleFlight } from '@tessera/kit';

export interface SigningKeys {
  jwks: JSONWebKeySet;
  issuer: string;
  audience: string;
  algorithm: string;
}

/** Who a valid access token speaks for (`ctx.state.auth`). */
export interface AuthContext {
  userId: string;
  /** Present when the token carries it. */
  username?: string;
  email?: string;
  /** The token's `jti`, when present. */
  tokenId?: string;
  /** The session the token belongs to (`sid`); the session guard refuses a token without one. */
  sessionId?: string;
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
}

export type VerifyFailure = 'TOKEN_EXPIRED' | 'INVALID_TOKEN';

export type VerifyResult =
  { ok: true; auth: AuthContext } | { ok: false; code: VerifyFailure; reason: string };

export interface TokenVerifierOptions {
  /** Loads the current keys (identity.GetSigningKeys); may throw when identity is unreachable. */
  fetchKeys: () => Promise<SigningKeys>;
  now?: () => number;
  /** Least time between two fetches caused by an unknown `kid` (default 30 s). */
  minRefetchMs?: number;
  /** Keys older than this are refreshed before use (default 10 min); the old ones stay on failure. */
  maxAgeMs?: number;
  /** Leeway for `exp`/`nbf`/`iat`, in seconds (default 5). */
  clockToleranceSec?: number;
}

/** Longest bearer token considered at all (identity's tokens are a few hundred bytes). */
export const MAX_TOKEN_LENGTH = 8192;
/** Verified tokens remembered (the oldest is forgotten first). */
export const VERIFIED_CACHE_SIZE = 4096;

interface LoadedKeys {
  keys: SigningKeys;
  keySet: ReturnType<typeof createLocalJWKSet>;
  kids: Set<string>;
  fetchedAt: number;
}

/** Parses identity's GetSigningKeys answer into SigningKeys (throws on a malformed key set). */
export function parseSigningKeys(res: {
  jwksJson: string;
  issuer: string;
  audience: string;
  algorithm: string;
}): SigningKeys {
  const jwks = JSON.parse(res.jwksJson) as unknown;
  if (
    typeof jwks !== 'object' ||
    jwks === null ||
    !Array.isArray((jwks as { keys?: unknown }).keys) ||
    res.issuer === '' ||
    res.audience === '' ||
    res.algorithm === '' ||
    res.algorithm.toLowerCase() === 'none'
  ) {
    throw new Error('identity returned an unusable signing key set');
  }
  return {
    jwks: jwks as JSONWebKeySet,
    issuer: res.issuer,
    audience: res.audience,
    algorithm: res.algorithm,
  };
}

export class TokenVerifier {
  private readonly fetchKeys: () => Promise<SigningKeys>;
  private readonly now: () => number;
  private readonly minRefetchMs: number;
  private readonly maxAgeMs: number;
  private readonly clockToleranceSec: number;
  /** The newest keys loaded; they stay the answer while identity cannot be asked for newer ones. */
  private loaded: LoadedKeys | null = null;
  /** One key fetch at a time (concurrent callers share it), its result fresh for `maxAgeMs`. */
  private readonly loads: SingleFlight<'keys', LoadedKeys>;
  private fetches = 0;
  /**
   * Tokens verified with the current keys, until they expire: a signed-in user's token is checked
   * once, not on every request. A key reload (rotation, or the keys' maximum age) forgets them all.
   */
  private readonly verified = new BoundedMap<string, { auth: AuthContext; keys: LoadedKeys }>(
    VERIFIED_CACHE_SIZE,
  );

  constructor(opts: TokenVerifierOptions) {
    this.fetchKeys = opts.fetchKeys;
    this.now = opts.now ?? Date.now;
    this.minRefetchMs = opts.minRefetchMs ?? 30_000;
    this.maxAgeMs = opts.maxAgeMs ?? 10 * 60_000;
    this.clockToleranceSec = opts.clockToleranceSec ?? 5;
    this.loads = new SingleFlight({ ttlMs: this.maxAgeMs, maxEntries: 1, now: this.now });
  }

  /** How many times keys were fetched (observability and tests). */
  get fetchCount(): number {
    return this.fetches;
  }

  /**
   * Verifies a bearer token. Resolves with the caller or the reason it is refused; rejects only
   * when no keys could be loaded at all (identity unreachable), which is not the caller's fault.
   */
  async verify(token: string): Promise<VerifyResult> {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH || token.split('.').length !== 3) {
      return { ok: false, code: 'INVALID_TOKEN', reason: 'malformed token' };
    }
    const hit = this.verified.get(token);
    if (hit) {
      const nowMs = this.now();
      const fresh = hit.keys === this.loaded && nowMs - hit.keys.fetchedAt < this.maxAgeMs;
      // jose's test: expired once exp <= now - tolerance (whole seconds)
      if (fresh && Math.floor(nowMs / 1000) - this.clockToleranceSec < hit.auth.expiresAt / 1000)
        return { ok: true, auth: { ...hit.auth } };
      this.verified.delete(token);
    }
    let kid: string | undefined;
    try {
      const header = decodeProtectedHeader(token);
      kid = typeof header.kid === 'string' ? header.kid : undefined;
    } catch {
      return { ok: false, code: 'INVALID_TOKEN', reason: 'malformed token header' };
    }
    let loaded = await this.current();
    if (kid !== undefined && !loaded.kids.has(kid) && this.now() - loaded.fetchedAt >= this.minRefetchMs) {
      loaded = await this.reload();
    }
    const result = await this.check(token, loaded);
    if (result.ok) this.remember(token, result.auth, loaded);
    return result;
  }

  private remember(token: string, auth: AuthContext, keys: LoadedKeys): void {
    this.verified.set(token, { auth: { ...auth }, keys });
  }

  private async check(token: string, loaded: LoadedKeys): Promise<VerifyResult> {
    const { issuer, audience, algorithm } = loaded.keys;
    try {
      const { payload } = await jwtVerify(token, loaded.keySet, {
        algorithms: [algorithm],
        issuer,
        audience,
        clockTolerance: this.clockToleranceSec,
        currentDate: new Date(this.now()),
        requiredClaims: ['sub', 'exp'],
      });
      if (typeof payload.sub !== 'string' || payload.sub === '' || typeof payload.exp !== 'number') {
        return { ok: false, code: 'INVALID_TOKEN', reason: 'token has no subject' };
      }
      const auth: AuthContext = { userId: payload.sub, expiresAt: payload.exp * 1000 };
      if (typeof payload.username === 'string' && payload.username !== '') auth.username = payload.username;
      if (typeof payload.email === 'string' && payload.email !== '') auth.email = payload.email;
      if (typeof payload.jti === 'string' && payload.jti !== '') auth.tokenId = payload.jti;
      if (typeof payload.sid === 'string' && payload.sid !== '') auth.sessionId = payload.sid;
      return { ok: true, auth };
    } catch (err) {
      if (err instanceof errors.JWTExpired)
        return { ok: false, code: 'TOKEN_EXPIRED', reason: 'token expired' };
      const reason = err instanceof errors.JOSEError ? err.code : 'verification failed';
      return { ok: false, code: 'INVALID_TOKEN', reason };
    }
  }

  /** The cached keys, loading them when absent and refreshing them when old. */
  private async current(): Promise<LoadedKeys> {
    const loaded = this.loaded;
    try {
      return await this.loads.run('keys', () => this.load());
    } catch (err) {
      // identity briefly unreachable: the keys we have are still the best answer
      if (loaded === null) throw err;
      return loaded;
    }
  }

  /** Fresh keys (an unknown `kid`): the fetch under way if there is one, else a new one. */
  private reload(): Promise<LoadedKeys> {
    const pending = this.loads.pending('keys');
    if (pending) return pending;
    this.loads.forget('keys');
    return this.loads.run('keys', () => this.load());
  }

  private async load(): Promise<LoadedKeys> {
    this.fetches++;
    const keys = await this.fetchKeys();
    const loaded: LoadedKeys = {
      keys,
      keySet: createLocalJWKSet(keys.jwks),
      kids: new Set(keys.jwks.keys.map((k) => k.kid).filter((k): k is string => typeof k === 'string')),
      fetchedAt: this.now(),
    };
    this.loaded = loaded;
    return loaded;
  }
}
