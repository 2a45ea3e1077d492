/**
 * One board of a canvas iteration as one document (brief, "data sketch"): default and current
 * colours, owner and sale time per pixel, sold count, version, and the open reservations of orders.
 * Every change is computed here as a pure function of the document; the store applies it with one
 * conditional update on (_id, version), so a purchase is atomic and a pixel can never be sold twice.
 */
import { UNOWNED_COLOR } from '@tessera/facts/colour';
import { PIXELS_PER_BOARD, pixelAtOffset } from '@tessera/facts/grid';
import type { CheckedPixel } from '@tessera/facts/orders';
import { recordedKinds } from './pixel-kinds.js';

/** One moderation reset of a pixel (moderation.ts), kept in the board document's audit. */
export interface ResetEntry {
  /** Pixel offset (y * 49 + x). */
  offset: number;
  x: number;
  y: number;
  operator: string;
  reason: string;
  at: number;
  /** The colour it showed before the reset, "#RRGGBB". */
  previousColor: string;
  /** The buyer (who still owns it). */
  previousOwner: string;
  /** The default colour it shows now. */
  color: string;
}

export interface Reservation {
  orderId: string;
  userId: string;
  /** Pixel offsets (y * 49 + x) with the colour each gets on commit. */
  pixels: { offset: number; color: string; isDefault: boolean }[];
  /** Fencing token of the lock under which it was made. */
  fencingToken: number;
  expiresAt: number;
}

export interface BoardDoc {
  _id: string; // `${canvasIndex}:${boardIndex}`
  canvasIndex: number;
  boardIndex: number;
  /** 2401 colours, 6 hex digits each, row-major. */
  defaultColors: string;
  currentColors: string;
  /** Owner user id per offset; null where unsold. */
  owners: (string | null)[];
  /** Sale time (ms since epoch) per offset; 0 where unsold. */
  soldAt: number[];
  soldCount: number;
  version: number;
  /** Highest lock fencing token seen; older tokens are refused. */
  fencingToken: number;
  reservations: Reservation[];
  /** Orders already committed (idempotent commit). */
  committedOrders: string[];
  /** Moderation resets (moderation.ts), at most one per pixel; absent on boards never moderated. */
  resets?: ResetEntry[];
  /**
   * Orders whose commit was refused: they can never commit later (the caller refunded them), so a
   * stalled caller's late commit cannot grant a refunded order. Committing and voiding are exclusive
   * transitions of an order on this document. Absent on boards written before it existed.
   */
  voidedOrders?: string[];
  /**
   * How each pixel was bought, one character per offset (pixel-info.ts): 'a' the artist's colour,
   * 'c' a custom one, '-' unsold. Written by every commit since it existed; absent on boards with no
   * sale since then (their kinds are derived from the colours).
   */
  kinds?: string;
  lastModified: number;
}

export function boardId(canvasIndex: number, boardIndex: number): string {
  return `${canvasIndex}:${boardIndex}`;
}

export function newBoard(
  canvasIndex: number,
  boardIndex: number,
  defaultColors: string,
  now: number,
): BoardDoc {
  if (!/^[0-9A-F]*$/.test(defaultColors) || defaultColors.length !== PIXELS_PER_BOARD * 6) {
    throw new RangeError(`a board needs ${PIXELS_PER_BOARD} upper-case hex colours`);
  }
  return {
    _id: boardId(canvasIndex, boardIndex),
    canvasIndex,
    boardIndex,
    defaultColors,
    currentColors: UNOWNED_COLOR.slice(1).repeat(PIXELS_PER_BOARD),
    owners: Array.from({ length: PIXELS_PER_BOARD }, () => null),
    soldAt: Array.from({ length: PIXELS_PER_BOARD }, () => 0),
    soldCount: 0,
    version: 0,
    fencingToken: 0,
    reservations: [],
    committedOrders: [],
    voidedOrders: [],
    lastModified: now,
  };
}

export function colorAt(colors: string, offset: number): string {
  return `#${colors.slice(offset * 6, offset * 6 + 6)}`;
}

export interface PixelView {
  x: number;
  y: number;
  current_color: string;
  default_color: string;
  user_id: string | null;
}

/** The board's pixels in the spec's server shape (section 3). */
export function boardPixels(board: BoardDoc): PixelView[] {
  const out: PixelView[] = [];
  for (let offset = 0; offset < PIXELS_PER_BOARD; offset++) {
    out.push({
      ...pixelAtOffset(offset),
      current_color: colorAt(board.currentColors, offset),
      default_color: colorAt(board.defaultColors, offset),
      user_id: board.owners[offset] ?? null,
    });
  }
  return out;
}

export type ReserveOutcome =
  | { ok: true; board: BoardDoc; reservation: Reservation }
  | {
      ok: false;
      reason: 'STALE_FENCING_TOKEN' | 'ALREADY_SOLD' | 'RESERVED_BY_OTHER';
      offsets?: number[];
      message: string;
    };

export interface ReserveInput {
  orderId: string;
  userId: string;
  fencingToken: number;
  /** The order's pixels as `readOrderPixels` (@tessera/facts/orders) checked them. */
  pixels: readonly CheckedPixel[];
  ttlMs: number;
}

/** An order's checked pixels as a reservation holds them: an artist-colour pixel gets the board's colour. */
export function reservedPixels(board: BoardDoc, pixels: readonly CheckedPixel[]): Reservation['pixels'] {
  return pixels.map(({ offset, color, isDefault }) => ({
    offset,
    color: isDefault ? colorAt(board.defaultColors, offset) : color,
    isDefault,
  }));
}

/** Drops reservations that have expired. */
export function withoutExpired(board: BoardDoc, now: number): BoardDoc {
  const live = board.reservations.filter((r) => r.expiresAt > now);
  return live.length === board.reservations.length ? board : { ...board, reservations: live };
}

/**
 * Reserves pixels for an order: refused if the lock's fencing token is older than one already seen,
 * if any pixel is sold or held by another live order. Re-reserving the same order replaces it; a
 * newer token drops other users' reservations made under older tokens.
 */
export function reserve(board0: BoardDoc, input: ReserveInput, now: number): ReserveOutcome {
  const board = withoutExpired(board0, now);
  if (input.fencingToken < board.fencingToken) {
    return { ok: false, reason: 'STALE_FENCING_TOKEN', message: 'The board lock is no longer valid' };
  }
  const pixels = reservedPixels(board, input.pixels);
  const sold = pixels.filter((p) => board.owners[p.offset] !== null).map((p) => p.offset);
  if (sold.length > 0) {
    return {
      ok: false,
      reason: 'ALREADY_SOLD',
      offsets: sold,
      message: `${sold.length} of the selected pixels have been purchased and cannot be modified.`,
    };
  }
  // A newer lock on the board ends the holds made under older locks by other users: their holder
  // lost the board, so their pixels are free for the new holder (and their late commit is refused).
  const others = board.reservations.filter(
    (r) => r.orderId !== input.orderId && !(r.userId !== input.userId && r.fencingToken < input.fencingToken),
  );
  const held = new Set(others.flatMap((r) => r.pixels.map((p) => p.offset)));
  const clash = pixels.filter((p) => held.has(p.offset)).map((p) => p.offset);
  if (clash.length > 0) {
    return {
      ok: false,
      reason: 'RESERVED_BY_OTHER',
      offsets: clash,
      message: 'Some of the selected pixels are being purchased by someone else',
    };
  }
  const reservation: Reservation = {
    orderId: input.orderId,
    userId: input.userId,
    pixels,
    fencingToken: input.fencingToken,
    expiresAt: now + input.ttlMs,
  };
  return {
    ok: true,
    reservation,
    board: {
      ...board,
      fencingToken: Math.max(board.fencingToken, input.fencingToken),
      reservations: [...others, reservation],
      version: board.version + 1,
      lastModified: now,
    },
  };
}

export type CommitOutcome =
  | { ok: true; board: BoardDoc; committed: Reservation; alreadyCommitted: false }
  | { ok: true; board: BoardDoc; alreadyCommitted: true }
  | {
      ok: false;
      reason: 'NO_RESERVATION' | 'ALREADY_SOLD' | 'LOCK_LOST' | 'VOIDED';
      message: string;
      /** The board with the order voided (to be written), or null when it already was. */
      board: BoardDoc | null;
    };

/** The board with `orderId` voided: its hold dropped, and no commit of it ever accepted. */
function voided(board: BoardDoc, orderId: string, now: number): BoardDoc {
  return {
    ...board,
    reservations: board.reservations.filter((r) => r.orderId !== orderId),
    voidedOrders: [...(board.voidedOrders ?? []), orderId],
    version: board.version + 1,
    lastModified: now,
  };
}

/**
 * `colors` (6 hex digits a pixel) with each pixel's offset painted its '#RRGGBB' colour: one pass
 * over the string, in offset order. A sale paints its pixels with it, a moderation reset its one.
 */
export function painted(colors: string, pixels: readonly { offset: number; color: string }[]): string {
  const sorted = [...pixels].sort((a, b) => a.offset - b.offset);
  const parts: string[] = [];
  let from = 0;
  for (const p of sorted) {
    parts.push(colors.slice(from, p.offset * 6), p.color.slice(1));
    from = p.offset * 6 + 6;
  }
  parts.push(colors.slice(from));
  return parts.join('');
}

/**
 * Commits a paid order exactly once. A commit after the reservation expired still succeeds when
 * every pixel is still unsold and unheld (the money was taken; grant the pixels if at all possible);
 * otherwise the caller refunds, and the refusal voids the order (written with the same conditional
 * update), so no later commit of it, however delayed, is accepted. `late` is the caller's copy of
 * the reservation (or a function building it), used only when the board holds none for the order.
 */
export function commit(
  board0: BoardDoc,
  orderId: string,
  now: number,
  late?: Reservation | (() => Reservation | undefined),
  opts: { lockLost?: (board: BoardDoc) => boolean } = {},
): CommitOutcome {
  if (board0.committedOrders.includes(orderId)) return { ok: true, board: board0, alreadyCommitted: true };
  if (board0.voidedOrders?.includes(orderId)) {
    return { ok: false, reason: 'VOIDED', message: 'This order was refused before', board: null };
  }
  const board = withoutExpired(board0, now);
  // the buyer no longer holds the board (released, expired, or another user holds it): refused, and
  // voided like any refusal, so the order is not granted later either (when the pixels are free again)
  if (opts.lockLost?.(board0)) {
    return {
      ok: false,
      reason: 'LOCK_LOST',
      message: 'The board lock was lost before this order was paid',
      board: voided(board, orderId, now),
    };
  }
  const reservation =
    board.reservations.find((r) => r.orderId === orderId) ?? (typeof late === 'function' ? late() : late);
  if (!reservation) {
    return {
      ok: false,
      reason: 'NO_RESERVATION',
      message: 'No reservation for this order',
      board: voided(board, orderId, now),
    };
  }
  const held = new Set(
    board.reservations.filter((r) => r.orderId !== orderId).flatMap((r) => r.pixels.map((p) => p.offset)),
  );
  if (reservation.pixels.some((p) => board.owners[p.offset] !== null || held.has(p.offset))) {
    return {
      ok: false,
      reason: 'ALREADY_SOLD',
      message: 'Some pixels of this order were sold to someone else',
      board: voided(board, orderId, now),
    };
  }
  const owners = board.owners.slice();
  const soldAt = board.soldAt.slice();
  for (const p of reservation.pixels) {
    owners[p.offset] = reservation.userId;
    soldAt[p.offset] = now;
  }
  return {
    ok: true,
    alreadyCommitted: false,
    committed: reservation,
    board: {
      ...board,
      owners,
      soldAt,
      currentColors: painted(board.currentColors, reservation.pixels),
      kinds: recordedKinds(board.kinds, reservation.pixels),
      soldCount: board.soldCount + reservation.pixels.length,
      reservations: board.reservations.filter((r) => r.orderId !== orderId),
      // naturally bounded: every order takes at least one of the board's 2401 pixels
      committedOrders: [...board.committedOrders, orderId],
      version: board.version + 1,
      lastModified: now,
    },
  };
}

export function release(board: BoardDoc, orderId: string, now: number): BoardDoc | null {
  if (!board.reservations.some((r) => r.orderId === orderId)) return null;
  return {
    ...board,
    reservations: board.reservations.filter((r) => r.orderId !== orderId),
    version: board.version + 1,
    lastModified: now,
  };
}

/** Offsets nobody has bought. */
export function unsoldOffsets(board: BoardDoc): number[] {
  const out: number[] = [];
  for (let i = 0; i < PIXELS_PER_BOARD; i++) if (board.owners[i] === null) out.push(i);
  return out;
}

/** True when a reservation that is still live at `now` holds the pixel at `offset`. */
export function isHeld(board: BoardDoc, offset: number, now: number): boolean {
  return board.reservations.some((r) => r.expiresAt > now && r.pixels.some((p) => p.offset === offset));
}
