/**
 * Short-lived service tokens: EdDSA-signed JWTs with `iss` (and `sub`) = the calling process,
 * `aud` = the process called, `iat`, `exp` (5 minutes later) and the signing key's kid. A signer
 * keeps one token per audience and signs a new one a minute before it expires; a verifier checks
 * the signature against the published keys, that the key belongs to `iss`, the audience, the expiry
 * and the age, and remembers tokens it has verified until they expire.
 */
import type { KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { SingleFlight } from '../../async/single-flight.js';
import { BoundedMap } from '../../bounded-map.js';
import { ownerOfKid, publicJwkOf, type PublishedKey } from './keys.js';

/** Lifetime of a service token. */
export const TOKEN_LIFETIME_S = 300;
/** A cached token is replaced when it has less than this left. */
const RENEW_BEFORE_S = 60;
/** Clock difference between processes that is tolerated. */
const CLOCK_TOLERANCE_S = 30;
/** Tokens issued longer ago than this are refused, whatever their `exp` says. */
const MAX_TOKEN_AGE_S = TOKEN_LIFETIME_S + 2 * CLOCK_TOLERANCE_S;
const VERIFIED_CACHE = 2048;

export interface TokenClock {
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
}

export class TokenSigner {
  readonly kid: string;
  private readonly now: () => number;
  private readonly lifetimeS: number;
  /** One token per audience, signed once however many calls ask for it at once. */
  private readonly tokens: SingleFlight<string, string>;

  constructor(
    readonly name: string,
    private readonly key: KeyObject,
    opts: TokenClock & { lifetimeS?: number } = {},
  ) {
    this.kid = publicJwkOf(name, key).kid;
    this.now = opts.now ?? Date.now;
    this.lifetimeS = opts.lifetimeS ?? TOKEN_LIFETIME_S;
    // kept until RENEW_BEFORE_S before it expires (a failed signature is not kept)
    this.tokens = new SingleFlight({
      ttlMs: Math.max(0, this.lifetimeS - RENEW_BEFORE_S) * 1000,
      now: this.now,
    });
  }

  /** A token for calls to `audience` (cached; signed again shortly before it expires). */
  token(audience: string): Promise<string> {
    return this.tokens.run(audience, () => {
      const nowS = Math.floor(this.now() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: this.kid })
        .setIssuer(this.name)
        .setSubject(this.name)
        .setAudience(audience)
        .setIssuedAt(nowS)
        .setExpirationTime(nowS + this.lifetimeS)
        .sign(this.key);
    });
  }
}

/** Why a token was refused (the message names the reason; it never contains the token). */
export class TokenRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenRefused';
  }
}

export class TokenVerifier {
  private readonly now: () => number;
  private readonly verified = new BoundedMap<string, { caller: string; exp: number }>(VERIFIED_CACHE);

  constructor(
    /** The process verifying (the audience tokens must name). */
    readonly self: string,
    private readonly keys: ReadonlyMap<string, PublishedKey>,
    opts: TokenClock = {},
  ) {
    this.now = opts.now ?? Date.now;
  }

  /** The calling process named by a valid token; throws TokenRefused otherwise. */
  async verify(token: string): Promise<string> {
    const nowMs = this.now();
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.exp * 1000 + CLOCK_TOLERANCE_S * 1000 > nowMs) return hit.caller;
      this.verified.delete(token);
    }
    let payload;
    let kid: string | undefined;
    try {
      const res = await jwtVerify(
        token,
        (header) => {
          kid = header.kid;
          const published = kid === undefined ? undefined : this.keys.get(kid);
          if (!published) throw new TokenRefused(`unknown signing key '${String(kid)}'`);
          return published.key;
        },
        {
          algorithms: ['EdDSA'],
          audience: this.self,
          clockTolerance: CLOCK_TOLERANCE_S,
          maxTokenAge: MAX_TOKEN_AGE_S,
          requiredClaims: ['iss', 'aud', 'exp', 'iat'],
          currentDate: new Date(nowMs),
        },
      );
      payload = res.payload;
    } catch (err) {
      if (err instanceof TokenRefused) throw err;
      if (err instanceof errors.JWTExpired)
        throw new TokenRefused(
          err.claim === 'iat' ? 'service token issued too long ago' : 'service token expired',
        );
      if (err instanceof errors.JWTClaimValidationFailed)
        throw new TokenRefused(`service token refused: ${err.message}`);
      throw new TokenRefused(
        `invalid service token (${err instanceof errors.JOSEError ? err.code : 'malformed'})`,
      );
    }
    const caller = payload.iss!;
    if (ownerOfKid(kid) !== caller)
      throw new TokenRefused(`service token of '${caller}' signed with a key of '${ownerOfKid(kid)}'`);
    if (payload.sub !== undefined && payload.sub !== caller)
      throw new TokenRefused('service token subject differs from its issuer');
    this.verified.set(token, { caller, exp: payload.exp! });
    return caller;
  }
}
