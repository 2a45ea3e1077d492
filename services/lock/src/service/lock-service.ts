/**
 * The lock service's core: acquire, release, extend, status, lists and ownership validation, over
 * the LockStore (one atomic store operation per change) with events on the bus. Its dependencies
 * (store, bus, clock, random; deps.ts) are injected; routes.ts maps the RPCs onto it (mappers.ts).
 */
import { randomBytes } from 'node:crypto';
import { recordLockEvent } from './metrics.js';
import type { LockEventKind } from '@tessera/facts/live';
import { LOCK_CONFLICT, LOCK_MESSAGES, type LockConflictKind } from '@tessera/facts/locks';
import { SUBJECTS } from '@tessera/facts/subjects';
import { appError, BoundedMap, publishEventBestEffort } from '@tessera/kit';
import { LockChangeKind } from '@tessera/proto/tessera/events/v1/events_pb.js';
import { isHolder, type LockRecord, type LockView } from '../domain/lock-record.js';
import { extendedExpiry, lockDurationMs, MINUTE_MS } from '../domain/lock-rules.js';
import type { LockDeps } from './deps.js';
import { checkBoard, checkCanvas, checkFence, checkMinutes, checkUserId, checkUsername } from './validate.js';

/** Each lock event's kind in the payload and its subject (`tessera.lock.<kind>`). */
const EVENTS = {
  acquired: { kind: LockChangeKind.ACQUIRED, subject: SUBJECTS.lockAcquired },
  released: { kind: LockChangeKind.RELEASED, subject: SUBJECTS.lockReleased },
  extended: { kind: LockChangeKind.EXTENDED, subject: SUBJECTS.lockExtended },
  expired: { kind: LockChangeKind.EXPIRED, subject: SUBJECTS.lockExpired },
  warning: { kind: LockChangeKind.WARNING, subject: SUBJECTS.lockWarning },
} as const satisfies Record<LockEventKind, { kind: LockChangeKind; subject: string }>;

interface HolderQuery {
  canvasIndex: number;
  boardIndex: number;
  userId: string;
  fencingToken: number | undefined;
}

type Minutes = ReturnType<typeof checkMinutes>;

const boardKey = (b: { canvasIndex: number; boardIndex: number }) => `${b.canvasIndex}:${b.boardIndex}`;

export type AcquireResult = { lock: LockView } | { conflict: { type: LockConflictKind; existing: LockView } };

/** How often a refused take re-reads when both keys vanished in between (a lock expired meanwhile). */
const TAKE_ATTEMPTS = 3;
/** Locks this replica remembers having taken or extended (the oldest is forgotten first). */
const HELD_LIMIT = 4096;
/** Events of changes handed to the bus and not yet stored: past this many, a change waits for its own. */
export const UNCONFIRMED_EVENTS_LIMIT = 1024;

/** 16 random bytes as hex, cut from a pool refilled 4 KiB at a time (one system call per 256 ids). */
function pooledRandomId(): () => string {
  let pool = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at + 16 > pool.length) {
      pool = randomBytes(4096);
      at = 0;
    }
    at += 16;
    return pool.toString('hex', at - 16, at);
  };
}

export class LockService {
  readonly #randomId: () => string;
  readonly #minuteMs: number;
  /**
   * The last lock this replica took or extended per board: a release or extension by its holder
   * compares the store against it directly (one store operation) instead of reading the board
   * first. Only a hint: the store's atomic compare decides, and when it fails (the lock expired,
   * another replica changed it) the board is read and the step taken as before.
   */
  readonly #held = new BoundedMap<string, LockView>(HELD_LIMIT);
  #unconfirmed = 0;

  constructor(readonly deps: LockDeps) {
    this.#randomId = deps.randomId ?? pooledRandomId();
    this.#minuteMs = deps.minuteMs ?? MINUTE_MS;
  }

  async acquire(req: {
    canvasIndex: number;
    boardIndex: number;
    userId: string;
    username: string;
    durationMinutes?: number;
  }): Promise<AcquireResult> {
    const canvasIndex = checkCanvas(req.canvasIndex);
    const boardIndex = checkBoard(req.boardIndex);
    const userId = checkUserId(req.userId);
    const username = checkUsername(req.username);
    const ttlMs = lockDurationMs(checkMinutes(req.durationMinutes), this.#minuteMs);
    for (let attempt = 0; attempt < TAKE_ATTEMPTS; attempt++) {
      const now = this.deps.now();
      const record: LockRecord = {
        id: this.#randomId(),
        canvasIndex,
        boardIndex,
        userId,
        username,
        acquiredAtMs: now,
        lastActivityMs: now,
        expiresAtMs: now + ttlMs,
      };
      const taken = await this.deps.store.take(record, ttlMs);
      if (taken.ok) {
        this.#remember(taken.lock);
        await this.#announce('acquired', taken.lock);
        return { lock: taken.lock };
      }
      const { user, board } = taken;
      if (user) {
        // Asking again for the board one already holds answers that lock, unchanged.
        if (user.canvasIndex === canvasIndex && user.boardIndex === boardIndex) return { lock: user };
        return { conflict: { type: LOCK_CONFLICT.existingLock, existing: user } };
      }
      if (board) return { conflict: { type: LOCK_CONFLICT.lockedByOther, existing: board } };
    }
    throw appError('SERVICE_UNAVAILABLE', LOCK_MESSAGES.acquireRetry);
  }

  async release(req: {
    canvasIndex: number;
    boardIndex: number;
    userId: string;
    explicit?: boolean;
    fencingToken?: number;
  }): Promise<boolean> {
    const q = this.#holderQuery(req);
    const hint = this.#hint(q);
    const current = hint && (await this.deps.store.give(hint)) ? hint : await this.#giveRead(q);
    if (!current) return false;
    this.#held.delete(boardKey(q));
    this.deps.logger.info(
      { canvasIndex: q.canvasIndex, boardIndex: q.boardIndex, userId: q.userId, explicit: !!req.explicit },
      'lock released',
    );
    await this.#announce('released', current);
    return true;
  }

  /** Adds `durationMinutes` (default 5) to the holder's lock; null when the caller does not hold it. */
  async extend(req: {
    canvasIndex: number;
    boardIndex: number;
    userId: string;
    durationMinutes?: number;
    fencingToken?: number;
  }): Promise<LockView | null> {
    const q = this.#holderQuery(req);
    const minutes = checkMinutes(req.durationMinutes);
    const hint = this.#hint(q);
    const view = (hint && (await this.#extendFrom(hint, minutes))) ?? (await this.#extendRead(q, minutes));
    if (!view) return null;
    this.#remember(view);
    await this.#announce('extended', view);
    return view;
  }

  /** Reads the board, then gives it back when the caller holds it; the lock given back, or null. */
  async #giveRead(q: HolderQuery): Promise<LockView | null> {
    const current = await this.deps.store.board(q.canvasIndex, q.boardIndex);
    return isHolder(current, q) && (await this.deps.store.give(current)) ? current : null;
  }

  /** Reads the board, then extends it when the caller holds it. */
  async #extendRead(q: HolderQuery, minutes: Minutes): Promise<LockView | null> {
    const current = await this.deps.store.board(q.canvasIndex, q.boardIndex);
    return isHolder(current, q) ? this.#extendFrom(current, minutes) : null;
  }

  /** Extends `current` when the store still holds exactly it; null otherwise. */
  async #extendFrom(current: LockView, minutes: Minutes): Promise<LockView | null> {
    const now = this.deps.now();
    const expiresAtMs = extendedExpiry(current.expiresAtMs, now, minutes, this.#minuteMs);
    const { fencingToken: _fence, ...record } = current;
    const next: LockRecord = { ...record, lastActivityMs: now, expiresAtMs };
    if (!(await this.deps.store.extend(current, next, expiresAtMs - now))) return null;
    return { ...next, fencingToken: current.fencingToken };
  }

  /** The lock this replica last wrote on the board when it names the caller as holder. */
  #hint(q: HolderQuery): LockView | null {
    const held = this.#held.get(boardKey(q)) ?? null;
    return isHolder(held, q) ? held : null;
  }

  #remember(lock: LockView): void {
    const key = boardKey(lock);
    this.#held.delete(key);
    this.#held.set(key, lock);
  }

  status(canvasIndex: number, boardIndex: number): Promise<LockView | null> {
    return this.deps.store.board(checkCanvas(canvasIndex), checkBoard(boardIndex));
  }

  /** Every live lock of a canvas; a negative index lists every canvas. */
  list(canvasIndex: number): Promise<LockView[]> {
    if (!Number.isInteger(canvasIndex)) throw appError('VALIDATION_ERROR', 'canvas_index must be an integer');
    return this.deps.store.list(canvasIndex < 0 ? -1 : canvasIndex);
  }

  userLock(userId: string): Promise<LockView | null> {
    return this.deps.store.ofUser(checkUserId(userId));
  }

  /** True (with the lock) when the user holds the board, with this fencing token when one is given. */
  async validate(req: {
    canvasIndex: number;
    boardIndex: number;
    userId: string;
    fencingToken?: number;
  }): Promise<{ valid: boolean; lock: LockView | null }> {
    const q = this.#holderQuery(req);
    const current = await this.deps.store.board(q.canvasIndex, q.boardIndex);
    return { valid: isHolder(current, q), lock: current };
  }

  /**
   * The event of a change made by a call: queued on the bus at once (the bus keeps the order of
   * publishes) and stored while the call answers, so the caller does not also wait for a round trip
   * to the broker (the lock pairs of issue 13, loadtests/README.md). Its outcome is handled by `publish` (a
   * lost event is logged, as before). While UNCONFIRMED_EVENTS_LIMIT events are on their way (the
   * broker slow or away), a change waits for its own, so the queue stays bounded.
   */
  #announce(kind: LockEventKind, lock: LockRecord & { fencingToken?: number }): Promise<void> {
    const sent = this.publish(kind, lock);
    if (this.#unconfirmed >= UNCONFIRMED_EVENTS_LIMIT) return sent;
    this.#unconfirmed++;
    void sent.finally(() => this.#unconfirmed--);
    return Promise.resolve();
  }

  /** Events handed to the bus and not yet stored (observability and tests). */
  get unconfirmedEvents(): number {
    return this.#unconfirmed;
  }

  /** Publishes `tessera.lock.<kind>`; a lost event is logged, never turned into a failed call. */
  async publish(kind: LockEventKind, lock: LockRecord & { fencingToken?: number }): Promise<void> {
    recordLockEvent(kind);
    await publishEventBestEffort(
      this.deps.bus,
      EVENTS[kind].subject,
      {
        kind: EVENTS[kind].kind,
        canvasIndex: lock.canvasIndex,
        boardIndex: lock.boardIndex,
        userId: lock.userId,
        username: lock.username,
        expiresAtMs: lock.expiresAtMs,
        fencingToken: lock.fencingToken ?? 0,
        atMs: this.deps.now(),
      },
      {
        msgId: `${lock.id}:${kind}:${lock.expiresAtMs}`,
        logger: this.deps.logger,
        fields: { kind, boardIndex: lock.boardIndex },
      },
    );
  }

  #holderQuery(req: {
    canvasIndex: number;
    boardIndex: number;
    userId: string;
    fencingToken?: number;
  }): HolderQuery {
    return {
      canvasIndex: checkCanvas(req.canvasIndex),
      boardIndex: checkBoard(req.boardIndex),
      userId: checkUserId(req.userId),
      fencingToken: checkFence(req.fencingToken),
    };
  }
}
