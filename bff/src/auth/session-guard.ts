/**
 * Access tokens end with their session. Every access token names its session (`sid`); identity
 * announces ended sessions on the bus (`tessera.session.revoked`: logout, a reused refresh token
 * ending its family, a password reset), and every BFF replica subscribes, so a revoked session's
 * tokens are refused as soon as the event arrives. The fallback for an event this replica missed (bus
 * down, a reconnect, a replica that started late): identity.GetSessionStatus, whose answer is
 * trusted for `checkTtlMs` (SESSION_CHECK_MS, 30 s by default), so a missed revocation still takes
 * effect within that time. A revocation is remembered for as long as a token of the session can
 * live (access tokens last ACCESS_TOKEN_TTL_SEC, identity's figure).
 */
import { ACCESS_TOKEN_TTL_SEC } from '@tessera/facts/account';
import { decodeEvent } from '@tessera/facts/events';
import { SUBJECTS } from '@tessera/facts/subjects';
import { trace } from '@opentelemetry/api';
import { SingleFlight, type EventBus, type Logger, type Subscription } from '@tessera/kit';

/** How far identity's clock may run ahead of ours: a token issued then lives that much longer here. */
const CLOCK_LEEWAY_MS = 60_000;
/** Longest life of an access token plus clock leeway. */
export const REVOKED_MEMORY_MS = ACCESS_TOKEN_TTL_SEC * 1000 + CLOCK_LEEWAY_MS;
/** Between two attempts to subscribe while the bus refuses. */
export const RESUBSCRIBE_MS = 5_000;

export interface SessionGuardOptions {
  /** identity.GetSessionStatus: whether the session is live; may throw when identity is unreachable. */
  checkSession: (sessionId: string) => Promise<boolean>;
  /** How long a check's answer is trusted (the fallback bound for a missed event). */
  checkTtlMs: number;
  now: () => number;
  logger: Logger;
}

/** identity's answer for a session, and when the question was asked (the answer is at least that recent). */
interface Checked {
  active: boolean;
  at: number;
}

/** Sessions whose last answer is kept; beyond that the oldest is asked again (more calls, never wrong). */
export const CHECKED_SESSIONS_MAX = 50_000;

export class SessionGuard {
  /** Revoked session id -> when to forget it (insertion order is time order). */
  private readonly revoked = new Map<string, number>();
  /**
   * identity's answers: one question per session at a time, trusted for `checkTtlMs` once answered,
   * and kept after that as the stale answer to use while identity is unreachable.
   */
  private readonly checked: SingleFlight<string, Checked>;
  private lastSweep = 0;
  private subscription: Subscription | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  /** Revocation events applied (observability and tests). */
  eventsApplied = 0;
  /** GetSessionStatus calls made. */
  checks = 0;

  constructor(private readonly opts: SessionGuardOptions) {
    this.checked = new SingleFlight({
      ttlMs: opts.checkTtlMs,
      maxEntries: CHECKED_SESSIONS_MAX,
      now: opts.now,
    });
  }

  /** Marks sessions revoked now (from an event). */
  noteRevoked(sessionIds: readonly string[]): void {
    const forgetAt = this.opts.now() + REVOKED_MEMORY_MS;
    for (const id of sessionIds) {
      this.revoked.delete(id);
      this.revoked.set(id, forgetAt);
      // a check under way or answered before the event must not be believed over it
      this.checked.forget(id);
    }
  }

  /**
   * Whether the session is live: false once revoked (event or check); otherwise identity's answer,
   * asked at most once per `checkTtlMs` (concurrent askers share one call). Rejects only when
   * identity cannot be asked and no earlier answer exists that a token could still rely on.
   */
  async isActive(sessionId: string): Promise<boolean> {
    const checksBefore = this.checks;
    const active = await this.check(sessionId);
    // On the request's span, not a span of its own: nearly every check is answered from memory
    // (a span per request for a map lookup cost about 2% of the BFF's CPU in a lock pair); when
    // identity is asked, its GetSessionStatus call has its own CLIENT span in the same trace.
    trace.getActiveSpan()?.setAttributes({
      'tessera.session.active': active,
      'tessera.session.asked_identity': this.checks > checksBefore,
    });
    return active;
  }

  private async check(sessionId: string): Promise<boolean> {
    const now = this.opts.now();
    this.sweep(now);
    if (this.revoked.has(sessionId)) return false;
    const known = this.checked.peek(sessionId);
    try {
      const { active } = await this.checked.run(sessionId, () => this.ask(sessionId));
      return active && !this.revoked.has(sessionId);
    } catch (err) {
      // an answer older than a token's life speaks for no token that can still be presented
      if (known?.active && this.opts.now() - known.at < REVOKED_MEMORY_MS) {
        // identity briefly unreachable: the last answer stands; events still revoke it meanwhile
        this.opts.logger.warn({ err }, 'session check failed; using the last answer');
        return true;
      }
      throw err;
    }
  }

  private async ask(sessionId: string): Promise<Checked> {
    this.checks++;
    const at = this.opts.now();
    const active = await this.opts.checkSession(sessionId);
    if (!active) this.noteRevoked([sessionId]);
    return { active, at };
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.opts.checkTtlMs) return;
    this.lastSweep = now;
    for (const [id, forgetAt] of this.revoked) {
      if (forgetAt > now) break;
      this.revoked.delete(id);
    }
  }

  /** Subscribes to tessera.session.revoked, retrying every RESUBSCRIBE_MS while the bus refuses. */
  async subscribe(bus: EventBus): Promise<void> {
    if (this.stopped || this.subscription) return;
    try {
      this.subscription = await bus.subscribe({
        subjects: [SUBJECTS.sessionRevoked],
        handler: (msg) => {
          try {
            const ev = decodeEvent(SUBJECTS.sessionRevoked, msg.data);
            this.noteRevoked(ev.sessionIds);
            this.eventsApplied++;
          } catch (err) {
            this.opts.logger.warn({ err, seq: msg.seq }, 'unreadable session revocation skipped');
          }
        },
      });
    } catch (err) {
      this.opts.logger.warn(
        { err },
        'cannot subscribe to session revocations yet; checking sessions meanwhile',
      );
      this.retry = setTimeout(() => void this.subscribe(bus), RESUBSCRIBE_MS);
      this.retry.unref();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    await this.subscription?.stop();
    this.subscription = null;
  }
}
