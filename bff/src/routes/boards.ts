import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { errorBody } from '@tessera/kit';
import {
  EXTEND_LOCK_MINUTES,
  isLockMinutes,
  existingLockMessage,
  LOCK_CONFLICT,
  LOCK_MESSAGES,
  LOCK_MINUTES_MESSAGE,
  lockedByUntilMessage,
  lockExtendedMessage,
} from '@tessera/facts/locks';
import type {
  CurrentLockAnswer,
  ExistingLockConflict,
  HeldLockConflict,
  LockList,
  LockReleased,
  LockRequest,
  LockStatusAnswer,
  LockTaken,
  LockValidation,
} from '@tessera/api/locks';
import type { Unchecked } from '@tessera/api/request';
import { ConflictType } from '@tessera/proto/tessera/lock/v1/lock_pb.js';
import { authOf, getAuth, optionalAuth, requireAuth } from '../auth/middleware.js';
import { boardLockJson, currentLockJson, iso, lockStatusJson } from '../boards/lock-json.js';
import {
  bodyOf,
  isAbsent,
  parseBoardIndex,
  parseBool,
  parseCanvasIndex,
  queryInt,
  single,
} from '../http/params.js';
import type { BffDeps } from '../deps.js';
import { HttpError } from '../middleware/errors.js';
import { noStore } from '../http/no-store.js';

/**
 * The optional `{duration}` body, by the one rule of lock lengths (facts' isLockMinutes, a JSON number
 * only); 0 (the lock service's default) when absent.
 */
function duration(ctx: Context): number {
  const d = (bodyOf(ctx) as Unchecked<LockRequest>).duration;
  if (isAbsent(d)) return 0;
  if (typeof d !== 'number' || !isLockMinutes(d))
    throw new HttpError('VALIDATION_ERROR', LOCK_MINUTES_MESSAGE, 'duration');
  return d;
}

function boardParams(ctx: Context) {
  return {
    canvasIndex: parseCanvasIndex(ctx.params.canvasIndex),
    boardIndex: parseBoardIndex(ctx.params.boardIndex),
  };
}

/** A guest asking to lock gets the spec's 401 text; other refusals keep requireAuth's. */
function requireLockAuth(deps: BffDeps) {
  const inner = requireAuth(deps);
  return async (ctx: Context, next: Next) => {
    try {
      await inner(ctx, next);
    } catch (err) {
      if (err instanceof HttpError && err.code === 'UNAUTHORIZED' && !getAuth(ctx))
        throw new HttpError('UNAUTHORIZED', LOCK_MESSAGES.signInRequired);
      throw err;
    }
  };
}

/**
 * Board locks (spec section 7), over the lock service:
 * - `POST /api/boards/{c}/{b}/lock {duration?}`: `{success, message: "Board locked successfully", lock}`;
 *   409 `{..error body, type: "existing_lock", existingLock: {boardIndex, canvasIndex}}` or
 *   `{..error body, type: "locked_by_other", lock: status lock}`.
 * - `DELETE /api/boards/{c}/{b}/lock[?explicit=true]`: `{success, released, message}`.
 * - `PUT /api/boards/{c}/{b}/lock {duration?}`: `{success, message: "Lock extended by 5 minutes", lock}`;
 *   409 "Failed to extend lock" when the caller no longer holds it.
 * - `GET /api/boards/{c}/{b}/status`: `{success, data: lock status}` (guests may ask; canLock false).
 * - `GET /api/boards/{c}/{b}/validate[?fencingToken=n]`: `{success, valid}` (ownership validation).
 * - `GET /api/boards/my-locks`, `GET /api/boards/locks[?canvas_index=n]`: `{success, data: [lock]}`.
 * - `GET /api/boards/my-current-lock`: `{success, hasLock, lock: {canvasIndex, boardIndex, expiresAt} | null}`.
 */
export function boardRoutes(router: Router, deps: BffDeps): void {
  const { peers, now } = deps;
  const auth = requireAuth(deps);

  router.post('/api/boards/:canvasIndex/:boardIndex/lock', requireLockAuth(deps), async (ctx) => {
    const { canvasIndex, boardIndex } = boardParams(ctx);
    const durationMinutes = duration(ctx);
    const me = authOf(ctx);
    const { result } = await peers.lock.acquireLock({
      canvasIndex,
      boardIndex,
      userId: me.userId,
      username: me.username ?? '',
      durationMinutes,
    });
    if (result.case === 'lock') {
      ctx.body = {
        success: true,
        message: LOCK_MESSAGES.locked,
        lock: boardLockJson(result.value, now()),
      } satisfies LockTaken;
      return;
    }
    const existing = result.value?.existing;
    if (!existing) throw new HttpError('INTERNAL_SERVER_ERROR', LOCK_MESSAGES.acquireFailed);
    ctx.status = 409;
    if (result.value?.type === ConflictType.EXISTING_LOCK) {
      ctx.body = {
        ...errorBody({
          code: 'LOCK_CONFLICT',
          status: 409,
          message: existingLockMessage(existing.boardIndex, existing.canvasIndex),
          field: null,
        }),
        type: LOCK_CONFLICT.existingLock,
        existingLock: { boardIndex: existing.boardIndex, canvasIndex: existing.canvasIndex },
      } satisfies ExistingLockConflict;
    } else {
      ctx.body = {
        ...errorBody({
          code: 'LOCK_CONFLICT',
          status: 409,
          message: lockedByUntilMessage(boardIndex, existing.username, iso(existing.expiresAtMs)),
          field: null,
        }),
        type: LOCK_CONFLICT.lockedByOther,
        lock: lockStatusJson(canvasIndex, boardIndex, existing, me.userId, now()).lock,
      } satisfies HeldLockConflict;
    }
  });

  router.delete('/api/boards/:canvasIndex/:boardIndex/lock', auth, async (ctx) => {
    const { canvasIndex, boardIndex } = boardParams(ctx);
    const explicit = parseBool(ctx.query.explicit, 'explicit', false);
    const { released } = await peers.lock.releaseLock({
      canvasIndex,
      boardIndex,
      userId: authOf(ctx).userId,
      explicit,
    });
    ctx.body = {
      success: true,
      released,
      message: released ? LOCK_MESSAGES.released : 'You do not hold a lock on this board',
    } satisfies LockReleased;
  });

  router.put('/api/boards/:canvasIndex/:boardIndex/lock', auth, async (ctx) => {
    const { canvasIndex, boardIndex } = boardParams(ctx);
    const durationMinutes = duration(ctx);
    const { lock } = await peers.lock.extendLock({
      canvasIndex,
      boardIndex,
      userId: authOf(ctx).userId,
      durationMinutes,
    });
    if (!lock) throw new HttpError('LOCK_CONFLICT', LOCK_MESSAGES.extendFailed);
    ctx.body = {
      success: true,
      message: lockExtendedMessage(durationMinutes || EXTEND_LOCK_MINUTES),
      lock: boardLockJson(lock, now()),
    } satisfies LockTaken;
  });

  router.get('/api/boards/:canvasIndex/:boardIndex/status', optionalAuth(deps), async (ctx) => {
    const { canvasIndex, boardIndex } = boardParams(ctx);
    const { lock } = await peers.lock.getLockStatus({ canvasIndex, boardIndex });
    noStore(ctx);
    ctx.body = {
      success: true,
      data: lockStatusJson(canvasIndex, boardIndex, lock, getAuth(ctx)?.userId ?? null, now()),
    } satisfies LockStatusAnswer;
  });

  router.get('/api/boards/:canvasIndex/:boardIndex/validate', auth, async (ctx) => {
    const { canvasIndex, boardIndex } = boardParams(ctx);
    // 0 asks for no particular token
    const fencingToken = queryInt(
      ctx.query.fencingToken,
      'fencingToken',
      { min: 0, max: Number.MAX_SAFE_INTEGER },
      0,
    );
    const { valid } = await peers.lock.validateLock({
      canvasIndex,
      boardIndex,
      userId: authOf(ctx).userId,
      fencingToken,
    });
    noStore(ctx);
    ctx.body = { success: true, valid } satisfies LockValidation;
  });

  router.get('/api/boards/my-locks', auth, async (ctx) => {
    const { lock } = await peers.lock.getUserLock({ userId: authOf(ctx).userId });
    noStore(ctx);
    ctx.body = { success: true, data: lock ? [boardLockJson(lock, now())] : [] } satisfies LockList;
  });

  router.get('/api/boards/locks', auth, async (ctx) => {
    const raw = single(ctx.query.canvas_index, 'canvas_index');
    const canvasIndex = raw === undefined || raw === '' ? -1 : parseCanvasIndex(raw, 'canvas_index');
    const { locks } = await peers.lock.listLocks({ canvasIndex });
    noStore(ctx);
    ctx.body = { success: true, data: locks.map((l) => boardLockJson(l, now())) } satisfies LockList;
  });

  router.get('/api/boards/my-current-lock', auth, async (ctx) => {
    const { lock } = await peers.lock.getUserLock({ userId: authOf(ctx).userId });
    noStore(ctx);
    ctx.body = { success: true, ...currentLockJson(lock) } satisfies CurrentLockAnswer;
  });
}
