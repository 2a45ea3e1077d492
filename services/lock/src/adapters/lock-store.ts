/**
 * Board locks in the key-value port. Each change is ONE atomic store operation, one round trip to
 * Redis, with the lock's schedule entries moved in the same step:
 * - take: `setAllIfAbsentFenced` sets the board key and the user key together (only when both are
 *   absent), advances the board's fencing token and schedules the lock (Lua on Redis, one
 *   synchronous step embedded);
 * - give back / extend: `compareAndDeleteAll` / `compareAndExtendAll` on both keys, only when both
 *   still hold the caller's exact record (its random id included), with its schedule entries
 *   removed (and the extended lock's added).
 * Expiry is the store's TTL (PX). The schedules (sorted sets) only tell the sweeper when to look.
 */
import type { KeyValueStore } from '@tessera/kit';
import { boardLockKey, fencingCounterKey, userLockKey } from '../domain/lock-rules.js';
import {
  decodeLock,
  encodeLock,
  parseFence,
  warningAt,
  type LockRecord,
  type LockView,
} from '../domain/lock-record.js';

/** Sorted sets: member = encoded record, score = when to look at it (ms). */
export const EXPIRY_SCHEDULE = 'lock:schedule:expiry';
export const WARNING_SCHEDULE = 'lock:schedule:warning';
const BOARD_PREFIX = 'lock:board:';

export type TakeResult =
  { ok: true; lock: LockView } | { ok: false; board: LockView | null; user: LockView | null };

export class LockStore {
  /** `minuteMs`: the length of a lock minute (shorter only in tests), for the warning schedule. */
  constructor(
    private readonly kv: KeyValueStore,
    private readonly minuteMs?: number,
  ) {}

  /** Takes the board for the user when neither the board nor the user has a live lock. */
  async take(record: LockRecord, ttlMs: number): Promise<TakeResult> {
    const text = encodeLock(record);
    const bKey = boardLockKey(record.canvasIndex, record.boardIndex);
    const uKey = userLockKey(record.userId);
    const fence = await this.kv.setAllIfAbsentFenced(
      [
        { key: bKey, value: text },
        { key: uKey, value: text },
      ],
      ttlMs,
      fencingCounterKey(record.canvasIndex, record.boardIndex),
      { zadd: this.schedule(record, text) },
    );
    if (fence !== null) return { ok: true, lock: { ...record, fencingToken: fence } };
    const [board, user] = await Promise.all([
      this.board(record.canvasIndex, record.boardIndex),
      this.ofUser(record.userId),
    ]);
    return { ok: false, board, user };
  }

  /** Deletes both keys when they still hold exactly `lock`. */
  async give(lock: LockRecord): Promise<boolean> {
    const text = encodeLock(lock);
    return this.kv.compareAndDeleteAll(
      [
        { key: boardLockKey(lock.canvasIndex, lock.boardIndex), expected: text },
        { key: userLockKey(lock.userId), expected: text },
      ],
      { zrem: this.unschedule(text) },
    );
  }

  /** Replaces `lock` by `next` with a new TTL when both keys still hold exactly `lock`. */
  async extend(lock: LockRecord, next: LockRecord, ttlMs: number): Promise<boolean> {
    const text = encodeLock(lock);
    const nextText = encodeLock(next);
    return this.kv.compareAndExtendAll(
      [
        { key: boardLockKey(lock.canvasIndex, lock.boardIndex), expected: text, newValue: nextText },
        { key: userLockKey(lock.userId), expected: text, newValue: nextText },
      ],
      ttlMs,
      { zrem: this.unschedule(text), zadd: this.schedule(next, nextText) },
    );
  }

  /** The board's live lock with its fencing token (one MGET, so both belong together). */
  async board(canvasIndex: number, boardIndex: number): Promise<LockView | null> {
    const [text, fence] = await this.kv.mget([
      boardLockKey(canvasIndex, boardIndex),
      fencingCounterKey(canvasIndex, boardIndex),
    ]);
    const r = decodeLock(text);
    return r ? { ...r, fencingToken: parseFence(fence) } : null;
  }

  /** The user's live lock, if any. */
  async ofUser(userId: string): Promise<LockView | null> {
    const r = decodeLock(await this.kv.get(userLockKey(userId)));
    if (!r) return null;
    // The board key holds the same record while the lock lives; read it with its fence.
    const board = await this.board(r.canvasIndex, r.boardIndex);
    return board && board.id === r.id ? board : null;
  }

  /** Every live lock, of one canvas or (negative index) of all. */
  async list(canvasIndex: number): Promise<LockView[]> {
    const prefix = canvasIndex >= 0 ? `${BOARD_PREFIX}${canvasIndex}:` : BOARD_PREFIX;
    const rows = await this.kv.scan(prefix);
    const records = rows.map((r) => decodeLock(r.value)).filter((r): r is LockRecord => r !== null);
    if (records.length === 0) return [];
    const fences = await this.kv.mget(records.map((r) => fencingCounterKey(r.canvasIndex, r.boardIndex)));
    return records
      .map((r, i) => ({ ...r, fencingToken: parseFence(fences[i]) }))
      .sort((a, b) => a.canvasIndex - b.canvasIndex || a.boardIndex - b.boardIndex);
  }

  /** Whether the board key still holds exactly this encoded record. */
  async holds(record: LockRecord, text: string): Promise<boolean> {
    return (await this.kv.get(boardLockKey(record.canvasIndex, record.boardIndex))) === text;
  }

  /** Locks held at `now`: their expiry is still ahead (release and extend unschedule the old entry). */
  async held(now: number, limit = 100_000): Promise<number> {
    return (await this.kv.zrangeByScore(EXPIRY_SCHEDULE, now + 1, Number.MAX_SAFE_INTEGER, limit)).length;
  }

  /** Schedule entries due at `now`, at most `limit` of each. */
  async due(now: number, limit: number): Promise<{ expiries: string[]; warnings: string[] }> {
    const [e, w] = await Promise.all([
      this.kv.zrangeByScore(EXPIRY_SCHEDULE, 0, now, limit),
      this.kv.zrangeByScore(WARNING_SCHEDULE, 0, now, limit),
    ]);
    return { expiries: e.map((x) => x.member), warnings: w.map((x) => x.member) };
  }

  /** Removes a schedule entry; true for the one caller that removed it (replicas race for it). */
  claim(schedule: typeof EXPIRY_SCHEDULE | typeof WARNING_SCHEDULE, member: string): Promise<boolean> {
    return this.kv.zrem(schedule, member);
  }

  /** The schedule entries of a lock, added in the same atomic step that takes or extends it. */
  private schedule(record: LockRecord, text: string) {
    return [
      { key: EXPIRY_SCHEDULE, member: text, score: record.expiresAtMs },
      { key: WARNING_SCHEDULE, member: text, score: warningAt(record, this.minuteMs) },
    ];
  }

  /** The schedule entries removed in the same atomic step that gives a lock back or extends it. */
  private unschedule(text: string) {
    return [
      { key: EXPIRY_SCHEDULE, member: text },
      { key: WARNING_SCHEDULE, member: text },
    ];
  }
}
