/**
 * The lock service's core: acquire, release, extend, status, lists and ownership validation, over
 * the LockStore (one atomic store operation per change) with events on the bus. Its dependencies
 * (store, bus, clock, random) are injected; routes.ts maps the RPCs onto it.
 */
import { randomBytes } from 'node:crypto';
import { create, toBinary } from '@bufbuild/protobuf';
import { appError, type EventBus, type Logger } from '@tessera/kit';
import { LockChangeKind, LockChangedSchema } from '@tessera/proto/tessera/events/v1/events_pb.js';
import type { LockStore } from '../adapters/lock-store.js';
import { isHolder, type LockRecord, type LockView } from '../domain/lock-record.js';
import { extendedExpiry, lockDurationMs } from '../domain/lock-rules.js';
import { checkBoard, checkCanvas, checkFence, checkMinutes, checkUserId, checkUsername } from './validate.js';

export interface LockDeps {
  store: LockStore;
  bus: EventBus;
  logger: Logger;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** 16 random bytes as hex (the lock id). */
  randomId?: () => string;
  /** Test-only: every acquired lock lives this long instead of the requested minutes (LOCK_TTL_MS_OVERRIDE). */
  ttlOverrideMs?: number;
}

export type LockEventKind = 'acquired' | 'released' | 'extended' | 'expired' | 'warning';

const KINDS: Record<LockEventKind, LockChangeKind> = {
  acquired: LockChangeKind.ACQUIRED,
  released: LockChangeKind.RELEASED,
  extended: LockChangeKind.EXTENDED,
  expired: LockChangeKind.EXPIRED,
  warning: LockChangeKind.WARNING,
};

export type AcquireResult =
  { lock: LockView } | { conflict: { type: 'existing_lock' | 'locked_by_other'; existing: LockView } };

/** How often a refused take re-reads when both keys vanished in between (a lock expired meanwhile). */
const TAKE_ATTEMPTS = 3;

export class LockService {
  readonly #randomId: () => string;

  constructor(readonly deps: LockDeps) {
    this.#randomId = deps.randomId ?? (() => randomBytes(16).toString('hex'));
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
    const ttlMs = this.deps.ttlOverrideMs ?? lockDurationMs(checkMinutes(req.durationMinutes));
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
        await this.publish('acquired', taken.lock);
        return { lock: taken.lock };
      }
      const { user, board } = taken;
      if (user) {
        // Asking again for the board one already holds answers that lock, unchanged.
        if (user.canvasIndex === canvasIndex && user.boardIndex === boardIndex) return { lock: user };
        return { conflict: { type: 'existing_lock', existing: user } };
      }
      if (board) return { conflict: { type: 'locked_by_other', existing: board } };
    }
    throw appError('SERVICE_UNAVAILABLE', 'Failed to acquire lock. Please try again.');
  }

  async release(req: {
    canvasIndex: number;
    boardIndex: number;
    userId: string;
    explicit?: boolean;
    fencingToken?: number;
  }): Promise<boolean> {
    const q = this.#holderQuery(req);
    const current = await this.deps.store.board(q.canvasIndex, q.boardIndex);
    if (!isHolder(current, q)) return false;
    if (!(await this.deps.store.give(current))) return false;
    this.deps.logger.info(
      { canvasIndex: q.canvasIndex, boardIndex: q.boardIndex, userId: q.userId, explicit: !!req.explicit },
      'lock released',
    );
    await this.publish('released', current);
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
    const current = await this.deps.store.board(q.canvasIndex, q.boardIndex);
    if (!isHolder(current, q)) return null;
    const now = this.deps.now();
    const expiresAtMs = extendedExpiry(current.expiresAtMs, now, minutes);
    const { fencingToken: _fence, ...record } = current;
    const next: LockRecord = { ...record, lastActivityMs: now, expiresAtMs };
    if (!(await this.deps.store.extend(current, next, expiresAtMs - now))) return null;
    const view: LockView = { ...next, fencingToken: current.fencingToken };
    await this.publish('extended', view);
    return view;
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

  /** Publishes `tessera.lock.<kind>`; a lost event is logged, never turned into a failed call. */
  async publish(kind: LockEventKind, lock: LockRecord & { fencingToken?: number }): Promise<void> {
    const event = create(LockChangedSchema, {
      kind: KINDS[kind],
      canvasIndex: lock.canvasIndex,
      boardIndex: lock.boardIndex,
      userId: lock.userId,
      username: lock.username,
      expiresAtMs: lock.expiresAtMs,
      fencingToken: lock.fencingToken ?? 0,
      atMs: this.deps.now(),
    });
    try {
      await this.deps.bus.publish(`tessera.lock.${kind}`, toBinary(LockChangedSchema, event), {
        msgId: `${lock.id}:${kind}:${lock.expiresAtMs}`,
      });
    } catch (err) {
      this.deps.logger.warn({ err, kind, boardIndex: lock.boardIndex }, 'lock event not published');
    }
  }

  #holderQuery(req: { canvasIndex: number; boardIndex: number; userId: string; fencingToken?: number }) {
    return {
      canvasIndex: checkCanvas(req.canvasIndex),
      boardIndex: checkBoard(req.boardIndex),
      userId: checkUserId(req.userId),
      fencingToken: checkFence(req.fencingToken),
    };
  }
}
