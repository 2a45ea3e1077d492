/**
 * Board locks (spec sections 3 and 7): `POST|PUT|DELETE /api/boards/{c}/{b}/lock`,
 * `GET /api/boards/{c}/{b}/status`, `GET /api/boards/{c}/{b}/validate`, `GET /api/boards/my-locks`,
 * `GET /api/boards/locks`, `GET /api/boards/my-current-lock`. Times are ISO 8601 text; the seconds
 * left (`time_remaining`, `timeRemaining`) are whole seconds.
 */
import { z } from 'zod';
import { ApiErrorBody } from './errors.js';

/** `{duration?}` of an acquire or an extend: whole minutes (the BFF applies the lock-length rule). */
export const LockRequest = z.object({ duration: z.number().optional() });
export type LockRequest = z.infer<typeof LockRequest>;

/**
 * A board lock in the server's shape (spec section 3) plus the camelCase fields section 7 names
 * (extend "returns lock.expiresAt"). The spec spells the board, canvas and expiry twice:
 * `ui_board_index` / `boardIndex`, `canvas_index` / `canvasIndex`, `expires_at` / `expiresAt`.
 * The web app reads the camelCase ones (`BoardLockAsRead`).
 */
export const BoardLock = z.object({
  id: z.string(),
  canvas_index: z.number().int(),
  ui_board_index: z.number().int(),
  user_id: z.string(),
  user: z.object({ id: z.string(), username: z.string().nullable() }),
  acquired_at: z.string(),
  last_activity: z.string(),
  expires_at: z.string(),
  is_active: z.boolean(),
  time_remaining: z.number().int(),
  canvasIndex: z.number().int(),
  boardIndex: z.number().int(),
  expiresAt: z.string(),
  fencingToken: z.number().int(),
});
export type BoardLock = z.infer<typeof BoardLock>;

/** The board lock as the web app reads it: the camelCase spellings, the holder and the start. */
export type BoardLockAsRead = Pick<
  BoardLock,
  'canvasIndex' | 'boardIndex' | 'expiresAt' | 'user' | 'acquired_at'
>;

/** The holder in a lock status (and in the 409 of a board someone else holds). */
export const LockHolder = z.object({
  userId: z.string(),
  username: z.string().nullable(),
  acquiredAt: z.string(),
  expiresAt: z.string(),
  timeRemaining: z.number().int(),
});
export type LockHolder = z.infer<typeof LockHolder>;

/** Lock status (spec section 3); `canLock` is false for a guest. */
export const LockStatus = z.object({
  isLocked: z.boolean(),
  canLock: z.boolean(),
  uiBoardIndex: z.number().int(),
  canvasIndex: z.number().int(),
  lock: LockHolder.nullable(),
});
export type LockStatus = z.infer<typeof LockStatus>;

/** `POST .../lock` 200 and `PUT .../lock` 200: `{success, message, lock}`. */
export const LockTaken = z.object({
  success: z.literal(true),
  message: z.string(),
  lock: BoardLock,
});
export type LockTaken = z.infer<typeof LockTaken>;

/** `POST .../lock` 409 when the caller already holds another board: the error body plus that board. */
export const ExistingLockConflict = ApiErrorBody.extend({
  type: z.literal('existing_lock'),
  existingLock: z.object({ boardIndex: z.number().int(), canvasIndex: z.number().int() }),
});
export type ExistingLockConflict = z.infer<typeof ExistingLockConflict>;

/** `POST .../lock` 409 when someone else holds the board: the error body plus the holder. */
export const HeldLockConflict = ApiErrorBody.extend({
  type: z.literal('locked_by_other'),
  lock: LockHolder.nullable(),
});
export type HeldLockConflict = z.infer<typeof HeldLockConflict>;

export const LockConflict = z.discriminatedUnion('type', [ExistingLockConflict, HeldLockConflict]);
export type LockConflict = z.infer<typeof LockConflict>;

/** The part of a 409 the web app reads (`lock` only when someone else holds the board). */
export type LockConflictAsRead = Partial<
  Pick<ExistingLockConflict, 'type' | 'existingLock'> & Pick<HeldLockConflict, 'lock'>
>;

/** `DELETE .../lock`: `{success, released, message}`. */
export const LockReleased = z.object({
  success: z.literal(true),
  released: z.boolean(),
  message: z.string(),
});
export type LockReleased = z.infer<typeof LockReleased>;

/** `GET .../status`: `{success, data: lock status}`. */
export const LockStatusAnswer = z.object({ success: z.literal(true), data: LockStatus });
export type LockStatusAnswer = z.infer<typeof LockStatusAnswer>;

/** `GET .../validate[?fencingToken=n]`: `{success, valid}`. */
export const LockValidation = z.object({ success: z.literal(true), valid: z.boolean() });
export type LockValidation = z.infer<typeof LockValidation>;

/** `GET /api/boards/my-locks` and `GET /api/boards/locks[?canvas_index=n]`: `{success, data: [lock]}`. */
export const LockList = z.object({ success: z.literal(true), data: z.array(BoardLock) });
export type LockList = z.infer<typeof LockList>;

/** The lock of a current-lock response. */
export const CurrentLock = z.object({
  canvasIndex: z.number().int(),
  boardIndex: z.number().int(),
  expiresAt: z.string(),
});
export type CurrentLock = z.infer<typeof CurrentLock>;

/** `GET /api/boards/my-current-lock`: `{success, hasLock, lock | null}`. */
export const CurrentLockAnswer = z.object({
  success: z.literal(true),
  hasLock: z.boolean(),
  lock: CurrentLock.nullable(),
});
export type CurrentLockAnswer = z.infer<typeof CurrentLockAnswer>;
