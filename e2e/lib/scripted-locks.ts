// The board-lock calls of the board editor, scripted for a free board that the signed-in test user
// (scripted-auth's USER) then locks: status, lock, unlock, validate and the lock lists.
import { USER, type Handler } from './scripted-auth.js';

export function lockHandlers(board: { canvasIndex: number; boardIndex: number }): Record<string, Handler> {
  let lock: Record<string, unknown> | null = null;
  const path = `/api/boards/${board.canvasIndex}/${board.boardIndex}`;
  const ok = (body: unknown) => ({ status: 200, body });
  return {
    [`GET ${path}/status`]: () =>
      ok({ success: true, data: { isLocked: lock !== null, canLock: lock === null, lock } }),
    [`POST ${path}/lock`]: () => {
      lock = {
        canvasIndex: board.canvasIndex,
        boardIndex: board.boardIndex,
        userId: USER.id,
        username: USER.username,
        acquiredAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
      };
      return ok({ success: true, lock });
    },
    [`DELETE ${path}/lock`]: () => {
      lock = null;
      return ok({ success: true });
    },
    [`GET ${path}/validate`]: () => ok({ success: true, data: { valid: lock !== null } }),
    'GET /api/boards/my-locks': () => ok({ success: true, data: lock ? [lock] : [] }),
    'GET /api/boards/locks': () => ok({ success: true, data: lock ? [lock] : [] }),
    'GET /api/boards/my-current-lock': () =>
      ok({ success: true, data: lock ? { hasLock: true, lock } : { hasLock: false } }),
  };
}
