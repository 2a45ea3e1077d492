// The board-lock calls of the board editor, scripted for a free board that the signed-in test user
// (scripted-auth's USER) then locks: status, lock, unlock, validate and the lock lists, in the
// contract's shapes (@tessera/api/locks).
import type {
  BoardLock,
  CurrentLockAnswer,
  LockList,
  LockReleased,
  LockStatusAnswer,
  LockTaken,
  LockValidation,
} from '@tessera/api/locks';
import { USER, type Handler } from './scripted-auth.js';

export function lockHandlers(board: { canvasIndex: number; boardIndex: number }): Record<string, Handler> {
  let lock: BoardLock | null = null;
  const path = `/api/boards/${board.canvasIndex}/${board.boardIndex}`;
  const ok = (body: unknown) => ({ status: 200, body });
  const list = (): LockList => ({ success: true, data: lock ? [lock] : [] });
  return {
    [`GET ${path}/status`]: () =>
      ok({
        success: true,
        data: {
          isLocked: lock !== null,
          canLock: true,
          uiBoardIndex: board.boardIndex,
          canvasIndex: board.canvasIndex,
          lock: lock && {
            userId: lock.user_id,
            username: lock.user.username,
            acquiredAt: lock.acquired_at,
            expiresAt: lock.expiresAt,
            timeRemaining: lock.time_remaining,
          },
        },
      } satisfies LockStatusAnswer),
    [`POST ${path}/lock`]: () => {
      const now = new Date().toISOString();
      const expiresAt = new Date(Date.now() + 5 * 60_000).toISOString();
      lock = {
        id: 'lock-1',
        canvas_index: board.canvasIndex,
        ui_board_index: board.boardIndex,
        user_id: USER.id,
        user: { id: USER.id, username: USER.username },
        acquired_at: now,
        last_activity: now,
        expires_at: expiresAt,
        is_active: true,
        time_remaining: 300,
        canvasIndex: board.canvasIndex,
        boardIndex: board.boardIndex,
        expiresAt,
        fencingToken: 1,
      };
      return ok({ success: true, message: 'Board locked successfully', lock } satisfies LockTaken);
    },
    [`DELETE ${path}/lock`]: () => {
      const released = lock !== null;
      lock = null;
      return ok({ success: true, released, message: 'Lock released' } satisfies LockReleased);
    },
    [`GET ${path}/validate`]: () => ok({ success: true, valid: lock !== null } satisfies LockValidation),
    'GET /api/boards/my-locks': () => ok(list()),
    'GET /api/boards/locks': () => ok(list()),
    'GET /api/boards/my-current-lock': () =>
      ok({
        success: true,
        hasLock: lock !== null,
        lock: lock && {
          canvasIndex: lock.canvasIndex,
          boardIndex: lock.boardIndex,
          expiresAt: lock.expiresAt,
        },
      } satisfies CurrentLockAnswer),
  };
}
