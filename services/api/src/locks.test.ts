import { describe, expect, it } from 'vitest';
import { BoardLock, CurrentLockAnswer, LockConflict, LockStatusAnswer } from './locks.js';

const ISO = '2026-11-29T11:05:00.000Z';
const lock: BoardLock = {
  id: 'l1',
  canvas_index: 0,
  ui_board_index: 7,
  user_id: 'u1',
  user: { id: 'u1', username: 'ada' },
  acquired_at: ISO,
  last_activity: ISO,
  expires_at: ISO,
  is_active: true,
  time_remaining: 300,
  canvasIndex: 0,
  boardIndex: 7,
  expiresAt: ISO,
  fencingToken: 4,
};
const error = {
  success: false,
  message: 'm',
  error: 'LOCK_CONFLICT',
  statusCode: 409,
  timestamp: ISO,
  field: null,
};

describe('the lock contract', () => {
  it('takes both spellings of a board lock and refuses one without the camelCase expiry', () => {
    expect(BoardLock.parse(lock)).toEqual(lock);
    const { expiresAt: _, ...snakeOnly } = lock;
    expect(BoardLock.safeParse(snakeOnly).success).toBe(false);
  });

  it('tells the two 409s apart by type', () => {
    const existing = { ...error, type: 'existing_lock', existingLock: { boardIndex: 3, canvasIndex: 0 } };
    expect(LockConflict.parse(existing)).toEqual(existing);
    const held = {
      ...error,
      type: 'locked_by_other',
      lock: { userId: 'u2', username: null, acquiredAt: ISO, expiresAt: ISO, timeRemaining: 10 },
    };
    expect(LockConflict.parse(held)).toEqual(held);
    expect(LockConflict.safeParse({ ...held, type: 'existing_lock' }).success).toBe(false);
  });

  it('a free board: status without a holder, no current lock', () => {
    const free = {
      success: true,
      data: { isLocked: false, canLock: true, uiBoardIndex: 7, canvasIndex: 0, lock: null },
    };
    expect(LockStatusAnswer.parse(free)).toEqual(free);
    expect(CurrentLockAnswer.parse({ success: true, hasLock: false, lock: null }).lock).toBeNull();
    expect(CurrentLockAnswer.safeParse({ success: true, hasLock: false }).success).toBe(false);
  });
});
