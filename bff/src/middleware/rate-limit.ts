/**
 * Fixed-window rate limits kept in the key-value port (Redis with REDIS_URL, so every BFF replica
 * shares them): `kv.incr` creates a counter with the window as TTL; past the limit the call gets
 * 429 RATE_LIMIT_EXCEEDED with `Retry-After` (seconds until the window ends).
 *
 * Limits of the sign-in calls (AUTH_RATE_LIMIT_SCALE multiplies each; identity also slows down
 * repeated wrong passwords per account):
 *
 * | rule | per IP | per e-mail |
 * |---|---|---|
 * | login | 100 / 15 min | 20 / 15 min per e-mail and IP together |
 * | register | 100 / hour | 10 / hour |
 * | reset-password-email | 30 / 15 min | 5 / 15 min |
 * | reset-password-logic | 60 / 15 min | 10 / 15 min |
 * | refresh-cookie | 600 / 15 min | - |
 * | Google sign-in start and exchange | 120 / 15 min | - |
 *
 * If the store fails, the request is let through (and logged): an outage of the limiter must not
 * lock every user out.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { RATE_LIMIT_MESSAGE } from '@tessera/facts/http';
import { retryAfterSeconds, type KeyValueStore } from '@tessera/kit';
import type { Logger } from 'pino';
import type { BffDeps } from '../deps.js';
import { HttpError } from './errors.js';

export interface RateRule {
  /** Part of the counter's key. */
  name: string;
  limit: number;
  windowMs: number;
}

/** A rule of `limit` calls per window of `minutes`. */
export function rateRule(name: string, limit: number, minutes: number): RateRule {
  return { name, limit, windowMs: minutes * 60_000 };
}

export const AUTH_RATE_LIMITS = {
  loginIp: rateRule('login:ip', 100, 15),
  /** Keyed on `<e-mail>|<client address>`: failures elsewhere never lock the owner out. */
  loginEmail: rateRule('login:email', 20, 15),
  registerIp: rateRule('register:ip', 100, 60),
  registerEmail: rateRule('register:email', 10, 60),
  resetEmailIp: rateRule('reset-email:ip', 30, 15),
  resetEmailEmail: rateRule('reset-email:email', 5, 15),
  resetLogicIp: rateRule('reset-logic:ip', 60, 15),
  resetLogicEmail: rateRule('reset-logic:email', 10, 15),
  refreshIp: rateRule('refresh:ip', 600, 15),
  oidcIp: rateRule('oidc:ip', 120, 15),
} as const satisfies Record<string, RateRule>;

export type RateDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSec: number };

/** Pure: the decision for the `count`-th call of a window whose counter has `ttlMs` left. */
export function decide(count: number, limit: number, ttlMs: number | null, windowMs: number): RateDecision {
  if (count <= limit) return { allowed: true, remaining: limit - count };
  const left = ttlMs === null || ttlMs < 0 ? windowMs : ttlMs;
  return { allowed: false, retryAfterSec: retryAfterSeconds(left) };
}

/** The counter's key: the subject is hashed (no e-mail addresses in the store, bounded length). */
export function rateKey(rule: RateRule, subject: string): string {
  const h = createHash('sha256').update(subject.toLowerCase()).digest('base64url').slice(0, 32);
  return `bff:rl:${rule.name}:${h}`;
}

export class RateLimiter {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly logger: Logger,
    /** Multiplies every limit. */
    private readonly scale = 1,
  ) {}

  /** Counts one call against `rule` for `subject`. */
  async hit(rule: RateRule, subject: string): Promise<RateDecision> {
    const key = rateKey(rule, subject);
    const limit = rule.limit * this.scale;
    try {
      const count = await this.kv.incr(key, { ttlMs: rule.windowMs });
      if (count <= limit) return decide(count, limit, null, rule.windowMs);
      return decide(count, limit, await this.kv.ttl(key), rule.windowMs);
    } catch (err) {
      this.logger.error({ err, rule: rule.name }, 'rate limiter unavailable; letting the request through');
      return { allowed: true, remaining: limit };
    }
  }

  /** Counts the call and throws 429 RATE_LIMIT_EXCEEDED with `Retry-After` when over the limit. */
  async enforce(ctx: Pick<Context, 'set'>, rule: RateRule, subject: string): Promise<void> {
    const d = await this.hit(rule, subject);
    if (!d.allowed) {
      ctx.set('Retry-After', String(d.retryAfterSec));
      throw new HttpError('RATE_LIMIT_EXCEEDED', RATE_LIMIT_MESSAGE);
    }
  }
}

/** The limiter of the sign-in calls: counters in the app's key-value store, AUTH_RATE_LIMIT_SCALE applied. */
export function authRateLimiter(deps: Pick<BffDeps, 'kv' | 'logger' | 'config'>): RateLimiter {
  return new RateLimiter(deps.kv, deps.logger, deps.config.auth.rateLimitScale);
}
