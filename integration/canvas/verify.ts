/**
 * The boards as GetBoard returns them, decoded, and the check of brief invariants 1 and 2 against
 * the orders the buyers recorded: every acknowledged order holds all its pixels (owner and colour),
 * no pixel is claimed by two acknowledged orders, nothing else was sold, unsold pixels did not
 * change, and each board's sold count is the number of its owned pixels. A pure function of its
 * inputs, so checker.test.ts can show that it catches a double sale and a lost commit.
 */
import { PIXELS_PER_BOARD as PIXELS, pixelAtOffset, pixelOffset } from '@tessera/facts/grid';
import { ownerAt, ownerSlotAt } from '@tessera/facts/owners';
import type { Board } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import type { OrderRecord } from './buyers.js';
import type { CanvasClient } from './process.js';

export interface BoardState {
  boardIndex: number;
  version: number;
  soldCount: number;
  /** Owner user id per offset (pixelOffset(x, y)), null where unsold. */
  owners: (string | null)[];
  /** '#RRGGBB' per offset. */
  colors: string[];
}

export function decodeBoard(board: Board): BoardState {
  const owners: (string | null)[] = [];
  const colors: string[] = [];
  const slots = board.ownerSlots;
  const rgb = Buffer.from(board.currentColors);
  if (slots.length !== PIXELS * 2 || rgb.length !== PIXELS * 3)
    throw new Error(`board ${board.boardIndex}: ${slots.length} owner bytes, ${rgb.length} colour bytes`);
  for (let i = 0; i < PIXELS; i++) {
    const slot = ownerSlotAt(slots, i);
    if (slot > board.ownerIds.length)
      throw new Error(`board ${board.boardIndex}: owner slot ${slot} unknown`);
    owners.push(ownerAt(board, i));
    colors.push(`#${rgb.toString('hex', i * 3, i * 3 + 3).toUpperCase()}`);
  }
  return { boardIndex: board.boardIndex, version: board.version, soldCount: board.soldCount, owners, colors };
}

export async function readBoards(
  client: CanvasClient,
  canvasIndex: number,
  boards: number[],
): Promise<Map<number, BoardState>> {
  const out = new Map<number, BoardState>();
  for (const boardIndex of boards) {
    const { board } = await client.getBoard({ canvasIndex, boardIndex });
    if (!board) throw new Error(`GetBoard ${boardIndex} answered no board`);
    out.set(boardIndex, decodeBoard(board));
  }
  return out;
}

const where = (b: number, o: number) => {
  const { x, y } = pixelAtOffset(o);
  return `board ${b} pixel (${x}, ${y})`;
};

/**
 * Problems found (empty: the invariants hold). `before` is each board before any order; every order
 * must have a definite outcome (acknowledged or refused), so any other sale is a problem too.
 */
export function checkBoards(
  orders: readonly OrderRecord[],
  before: ReadonlyMap<number, BoardState>,
  after: ReadonlyMap<number, BoardState>,
): string[] {
  const problems: string[] = [];
  const claims = new Map<number, Map<number, OrderRecord>>();
  for (const [b] of before) claims.set(b, new Map());
  for (const order of orders) {
    if (order.commit !== 'acked') continue;
    const board = after.get(order.boardIndex);
    const claimed = claims.get(order.boardIndex);
    if (!board || !claimed) {
      problems.push(`${order.id}: board ${order.boardIndex} was not read`);
      continue;
    }
    for (const { x, y } of order.pixels) {
      const o = pixelOffset(x, y);
      const other = claimed.get(o);
      if (other) problems.push(`${where(order.boardIndex, o)} sold twice: to ${other.id} and to ${order.id}`);
      else claimed.set(o, order);
      if (board.owners[o] !== order.userId || board.colors[o] !== order.color)
        problems.push(
          `${where(order.boardIndex, o)} of acknowledged ${order.id} (${order.userId}, ${order.color}) ` +
            `is ${board.owners[o] ?? 'unsold'}, ${board.colors[o]}`,
        );
    }
  }
  for (const [b, prior] of before) {
    const board = after.get(b);
    if (!board) {
      problems.push(`board ${b} was not read after the run`);
      continue;
    }
    let owned = 0;
    for (let o = 0; o < PIXELS; o++) {
      if (board.owners[o] !== null) owned++;
      if (prior.owners[o] !== null) {
        if (board.owners[o] !== prior.owners[o] || board.colors[o] !== prior.colors[o])
          problems.push(`${where(b, o)} was sold before the run and changed`);
      } else if (board.owners[o] === null) {
        if (board.colors[o] !== prior.colors[o])
          problems.push(`${where(b, o)} is unsold but its colour changed to ${board.colors[o]}`);
      } else if (!claims.get(b)?.has(o)) {
        problems.push(`${where(b, o)} is owned by ${board.owners[o]} but no acknowledged order claims it`);
      }
    }
    if (board.soldCount !== owned) problems.push(`board ${b}: sold_count ${board.soldCount}, owned ${owned}`);
  }
  return problems;
}
