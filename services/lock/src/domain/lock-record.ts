/**
 * The stored form of a board lock. The same text is written under the board key and the user key
 * (so a compare-and-delete or compare-and-extend of both keys proves the caller holds exactly this
 * lock), and is the member of the expiry and warning schedules. Pure: no I/O.
 */
import { WARNING_SECONDS } from './lock-rules.js';

export interface LockRecord {
  /** Random lock token (128 bits, hex): tells two locks of the same user and board apart. */
  id: string;
  canvasIndex: number;
  boardIndex: number;
  userId: string;
  username: string;
  acquiredAtMs: number;
  lastActivityMs: number;
  /** When the store's TTL is due, as the service saw it (for display and the schedules). */
  expiresAtMs: number;
}

/** A lock as callers see it: the record plus the fencing token kept beside it. */
export interface LockView extends LockRecord {
  fencingToken: number;
}

/** Encodes a record; key order is fixed so equal records encode to equal text. */
export function encodeLock(r: LockRecord): string {
  return JSON.stringify({
    v: 1,
    id: r.id,
    c: r.canvasIndex,
    b: r.boardIndex,
    u: r.userId,
    n: r.username,
    a: r.acquiredAtMs,
    l: r.lastActivityMs,
    e: r.expiresAtMs,
  });
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** Decodes stored text; null for anything that is not a lock record of this version. */
export function decodeLock(text: string | null | undefined): LockRecord | null {
  if (typeof text !== 'string') return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const o = raw as Record<string, unknown>;
  if (o.v !== 1 || typeof o.id !== 'string' || typeof o.u !== 'string' || typeof o.n !== 'string')
    return null;
  if (![o.c, o.b, o.a, o.l, o.e].every(isInt)) return null;
  return {
    id: o.id,
    canvasIndex: o.c as number,
    boardIndex: o.b as number,
    userId: o.u,
    username: o.n,
    acquiredAtMs: o.a as number,
    lastActivityMs: o.l as number,
    expiresAtMs: o.e as number,
  };
}

/** The fencing token stored beside a lock; 0 when missing or unreadable. */
export function parseFence(text: string | null | undefined): number {
  const n = Number(text);
  return text && Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/** When the 60-second warning of a lock is due. */
export function warningAt(r: LockRecord): number {
  return r.expiresAtMs - WARNING_SECONDS * 1000;
}

/**
 * Whether a caller may act on `current` (release, extend, validate): the same user and board, and,
 * when the caller names a fencing token (non-zero), that token.
 */
export function isHolder(
  current: LockView | null,
  req: { canvasIndex: number; boardIndex: number; userId: string; fencingToken?: number },
): current is LockView {
  if (!current) return false;
  if (current.canvasIndex !== req.canvasIndex || current.boardIndex !== req.boardIndex) return false;
  if (current.userId !== req.userId) return false;
  return !req.fencingToken || req.fencingToken === current.fencingToken;
}
