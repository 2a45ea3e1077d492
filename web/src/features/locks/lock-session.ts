// The holder's side of a board lock (spec section 4, "Board lock"), framework-free: acquire with its
// checks, extend, release, restore after reload, and the timers of spec section 9 (1 s tick, 5 s
// status poll, 2 s x 5 polls after an extend, a warning 60 s before expiry). Time and timers are
// injected, so tests drive it with fake timers. React reads it with useSyncExternalStore.
import { lockEventKindOf } from '@tessera/facts/live';
import {
  alreadyHoldingMessage,
  boardLockedByMessage,
  LOCK_CONFLICT,
  LOCK_MESSAGES,
  LOCK_WARNING_SECONDS,
  lockExtendedMessage,
} from '@tessera/facts/locks';
import { parseLockEvent, type LockEvent } from '../../canvas-scene/live-events.js';
import { browserClock, type Clock } from '../../lib/clock.js';
import type { BoardLock, LockApi } from './lock-api.js';
import { LockError, lockErrorFrom, lockHeldByOther } from './lock-api.js';
import { lockTime } from './lock-messages.js';

export const LOCK_TICK_MS = 1000;
export const LOCK_STATUS_POLL_MS = 5000;
export const EXTEND_POLL_MS = 2000;
export const EXTEND_POLL_ATTEMPTS = 5;
export const LOCK_WARNING_MS = LOCK_WARNING_SECONDS * 1000;
export const LOCKED_BY_OTHER_TOAST_MS = 5000;

export interface Notifier {
  success(message: string): void;
  error(message: string, durationMs?: number): void;
  warning(message: string, durationMs?: number): void;
  info(message: string): void;
}

export type LockBusy = 'restoring' | 'acquiring' | 'extending' | 'releasing' | null;

export interface LockSnapshot {
  held: BoardLock | null;
  busy: LockBusy;
  /** Updated every tick while a lock is held; the countdown is held.expiresAt - now. */
  now: number;
}

export type LockSessionEvent =
  | { type: 'warning'; lock: BoardLock }
  /** The lock expired or was lost (poll, server event): the editor clears and leaves. */
  | { type: 'expired'; lock: BoardLock };

/** A refusal's `holder` is someone else's lock on the board (by lockHeldByOther), never the caller's. */
export type AcquireResult =
  { ok: true; lock: BoardLock } | { ok: false; error: LockError; holder: BoardLock | null };

export interface LockSessionOptions {
  api: LockApi;
  userId: () => string | null;
  clock?: Clock;
  notify: Notifier;
}

export class LockSession {
  private snapshot: LockSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: LockSessionEvent) => void>();
  private readonly api: LockApi;
  private readonly clock: Clock;
  private readonly notify: Notifier;
  private readonly userId: () => string | null;
  private tick: unknown = null;
  private poll: unknown = null;
  private extendPoll: unknown = null;
  private warned = false;
  private polling = false;

  constructor(options: LockSessionOptions) {
    this.api = options.api;
    this.clock = options.clock ?? browserClock;
    this.notify = options.notify;
    this.userId = options.userId;
    this.snapshot = { held: null, busy: null, now: this.clock.now() };
  }

  getSnapshot = (): LockSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  onEvent(listener: (event: LockSessionEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** Milliseconds left on the held lock (0 when none). */
  remainingMs(): number {
    const { held, now } = this.snapshot;
    return held ? Math.max(0, held.expiresAt - now) : 0;
  }

  holds(canvasIndex: number, boardIndex: number): boolean {
    const held = this.snapshot.held;
    return held !== null && held.canvasIndex === canvasIndex && held.boardIndex === boardIndex;
  }

  /** After a reload: the latest acquired of the user's own live locks becomes the held lock. */
  async restore(): Promise<BoardLock | null> {
    if (this.snapshot.held) return this.snapshot.held;
    this.set({ busy: 'restoring' });
    try {
      const mine = (await this.api.myLocks()).filter((l) => l.expiresAt > this.clock.now());
      mine.sort((a, b) => (b.acquiredAt ?? 0) - (a.acquiredAt ?? 0));
      const latest = mine[0] ?? null;
      if (latest) this.hold(latest);
      return latest;
    } catch {
      return null;
    } finally {
      this.set({ busy: null });
    }
  }

  /**
   * The acquisition flow of spec section 4: release a lock held here on another board; refuse when the
   * user holds another board elsewhere; refuse when someone else holds this one; acquire for 5 min;
   * validate ownership (release and refuse if that fails).
   */
  async acquire(canvasIndex: number, boardIndex: number): Promise<AcquireResult> {
    if (this.snapshot.busy === 'acquiring') {
      return { ok: false, error: new LockError('failed', LOCK_MESSAGES.acquireRetry), holder: null };
    }
    if (this.holds(canvasIndex, boardIndex)) return { ok: true, lock: this.snapshot.held as BoardLock };
    this.set({ busy: 'acquiring' });
    try {
      const held = this.snapshot.held;
      if (held) await this.releaseQuietly(held);
      const current = await this.api.myCurrentLock().catch(() => null);
      if (current && current.expiresAt > this.clock.now()) {
        if (current.canvasIndex === canvasIndex && current.boardIndex === boardIndex) {
          this.hold(current);
          this.notify.success(LOCK_MESSAGES.locked);
          return { ok: true, lock: current };
        }
        return this.refuse(
          new LockError(LOCK_CONFLICT.existingLock, alreadyHoldingMessage(current.boardIndex), current),
        );
      }
      const holder = await this.heldByOther(canvasIndex, boardIndex);
      if (holder) {
        const message = holder.username
          ? boardLockedByMessage(holder.username, lockTime(holder.expiresAt))
          : LOCK_MESSAGES.unknownHolder;
        return this.refuse(new LockError(LOCK_CONFLICT.lockedByOther, message), holder);
      }
      let lock: BoardLock;
      try {
        lock = await this.api.acquire(canvasIndex, boardIndex);
      } catch (error) {
        const lockError = lockErrorFrom(error, boardIndex, LOCK_MESSAGES.acquireRetry);
        const other =
          lockError.kind === LOCK_CONFLICT.lockedByOther
            ? await this.heldByOther(canvasIndex, boardIndex)
            : null;
        return this.refuse(lockError, other);
      }
      if (!(await this.validate(canvasIndex, boardIndex))) {
        await this.releaseQuietly(lock);
        return this.refuse(new LockError('failed', LOCK_MESSAGES.validationFailed));
      }
      this.hold(lock);
      this.notify.success(LOCK_MESSAGES.locked);
      return { ok: true, lock };
    } finally {
      this.set({ busy: null });
    }
  }

  /** Someone else's lock on the board by its status; null when free, mine, or the check failed. */
  private async heldByOther(canvasIndex: number, boardIndex: number): Promise<BoardLock | null> {
    const status = await this.api.status(canvasIndex, boardIndex).catch(() => null);
    return lockHeldByOther(status, this.userId());
  }

  /** True when the server says this user holds the board's lock (the ownership validation). */
  async validate(canvasIndex: number, boardIndex: number): Promise<boolean> {
    try {
      return await this.api.validate(canvasIndex, boardIndex);
    } catch {
      return false;
    }
  }

  /** +5 minutes; then polls the status every 2 s (up to 5 times) until a later expiry is seen. */
  async extend(): Promise<boolean> {
    const held = this.snapshot.held;
    if (!held || this.snapshot.busy) return false;
    this.set({ busy: 'extending' });
    try {
      const expiresAt = await this.api.extend(held.canvasIndex, held.boardIndex);
      const before = held.expiresAt;
      if (this.snapshot.held === held) this.hold({ ...held, expiresAt: Math.max(expiresAt, before) });
      this.notify.success(lockExtendedMessage());
      this.startExtendPoll(before);
      return true;
    } catch (error) {
      this.notify.error(error instanceof LockError ? error.message : LOCK_MESSAGES.extendError);
      return false;
    } finally {
      this.set({ busy: null });
    }
  }

  /** Releases the held lock (explicit: the user pressed Unlock). */
  async release(explicit = false): Promise<void> {
    const held = this.snapshot.held;
    if (!held) return;
    this.drop();
    this.set({ busy: 'releasing' });
    try {
      await this.api.release(held.canvasIndex, held.boardIndex, explicit);
      if (explicit) this.notify.info(LOCK_MESSAGES.released);
    } catch {
      if (explicit) this.notify.error(LOCK_MESSAGES.manageError);
    } finally {
      this.set({ busy: null });
    }
  }

  /**
   * A lock event from GET /api/events (`lock:<kind>`): the warning, the expiry, my release or someone
   * else's acquisition of the board held here. Answers the event's data, parsed (null when unreadable),
   * for callers that also follow other boards' locks.
   */
  handleServerEvent(name: string, data: string): LockEvent | null {
    const event = parseLockEvent(data);
    const held = this.snapshot.held;
    if (!event || !held) return event;
    if (event.canvasIndex !== held.canvasIndex || event.boardIndex !== held.boardIndex) return event;
    // An event about an earlier lock of this board (sent before this one was acquired) is stale.
    if (event.at !== null && held.acquiredAt !== null && event.at < held.acquiredAt) return event;
    const { userId } = event;
    const me = this.userId();
    const kind = lockEventKindOf(name);
    if (kind === 'warning' && (userId === null || userId === me)) this.warn(held);
    else if (kind === 'expired' && (userId === null || userId === me)) this.expire(held);
    else if (kind === 'released' && userId === me) this.expire(held);
    else if (kind === 'acquired' && userId !== null && userId !== me) this.expire(held);
    return event;
  }

  dispose(): void {
    this.stopTimers();
    this.listeners.clear();
    this.eventListeners.clear();
  }

  private refuse(error: LockError, holder: BoardLock | null = null): AcquireResult {
    this.notify.error(error.message, error.kind === 'locked_by_other' ? LOCKED_BY_OTHER_TOAST_MS : undefined);
    return { ok: false, error, holder };
  }

  private async releaseQuietly(lock: BoardLock): Promise<void> {
    if (this.snapshot.held === lock) this.drop();
    await this.api.release(lock.canvasIndex, lock.boardIndex).catch(() => undefined);
  }

  private hold(lock: BoardLock): void {
    const extended = this.snapshot.held !== null && lock.expiresAt > this.snapshot.held.expiresAt;
    if (this.snapshot.held === null || extended)
      this.warned = lock.expiresAt - this.clock.now() <= LOCK_WARNING_MS;
    this.set({ held: lock, now: this.clock.now() });
    this.tick ??= this.clock.setInterval(() => this.onTick(), LOCK_TICK_MS);
    this.poll ??= this.clock.setInterval(() => void this.onPoll(), LOCK_STATUS_POLL_MS);
  }

  private drop(): void {
    this.stopTimers();
    this.warned = false;
    this.set({ held: null });
  }

  private stopTimers(): void {
    if (this.tick !== null) this.clock.clearInterval(this.tick);
    if (this.poll !== null) this.clock.clearInterval(this.poll);
    if (this.extendPoll !== null) this.clock.clearTimeout(this.extendPoll);
    this.tick = this.poll = this.extendPoll = null;
  }

  private onTick(): void {
    const held = this.snapshot.held;
    if (!held) return;
    const now = this.clock.now();
    this.set({ now });
    const left = held.expiresAt - now;
    if (left <= 0) this.expire(held);
    else if (left <= LOCK_WARNING_MS) this.warn(held);
  }

  /** Every 5 s: a later expiry from the server is taken; a lock the server no longer has is lost. */
  private async onPoll(): Promise<void> {
    const held = this.snapshot.held;
    if (!held || this.polling || this.snapshot.busy) return;
    this.polling = true;
    try {
      const status = await this.api.status(held.canvasIndex, held.boardIndex);
      if (this.snapshot.held !== held) return;
      // Lost when the board is free or its lock is not provably mine any more.
      if (!status.isLocked || !status.lock || lockHeldByOther(status, this.userId())) {
        this.expire(held);
      } else if (status.lock.expiresAt > held.expiresAt) {
        this.hold({ ...held, expiresAt: status.lock.expiresAt });
      }
    } catch {
      // A failed poll changes nothing; the local expiry still applies.
    } finally {
      this.polling = false;
    }
  }

  private startExtendPoll(before: number): void {
    if (this.extendPoll !== null) this.clock.clearTimeout(this.extendPoll);
    let attempts = 0;
    const run = async () => {
      this.extendPoll = null;
      const held = this.snapshot.held;
      if (!held) return;
      attempts += 1;
      const status = await this.api.status(held.canvasIndex, held.boardIndex).catch(() => null);
      const seen = status?.lock?.expiresAt ?? 0;
      if (seen > before) {
        if (this.snapshot.held && seen > this.snapshot.held.expiresAt)
          this.hold({ ...this.snapshot.held, expiresAt: seen });
        return;
      }
      if (attempts < EXTEND_POLL_ATTEMPTS && this.snapshot.held) {
        this.extendPoll = this.clock.setTimeout(() => void run(), EXTEND_POLL_MS);
      }
    };
    this.extendPoll = this.clock.setTimeout(() => void run(), EXTEND_POLL_MS);
  }

  private warn(lock: BoardLock): void {
    if (this.warned) return;
    this.warned = true;
    this.emitEvent({ type: 'warning', lock });
  }

  private expire(lock: BoardLock): void {
    if (this.snapshot.held !== lock) return;
    this.drop();
    this.notify.info(LOCK_MESSAGES.expired);
    this.emitEvent({ type: 'expired', lock });
  }

  private set(patch: Partial<LockSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const l of [...this.listeners]) l();
  }

  private emitEvent(event: LockSessionEvent): void {
    for (const l of [...this.eventListeners]) l(event);
  }
}
