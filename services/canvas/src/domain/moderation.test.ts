import { describe, expect, it } from 'vitest';
import { PIXELS_PER_BOARD } from '@tessera/facts/grid';
import { readOrderPixels, type RequestedPixel } from '@tessera/facts/orders';
import { boardPixels, commit, newBoard, reserve, type BoardDoc } from './board.js';
import { resetPixel } from './moderation.js';

const ART = Array.from({ length: PIXELS_PER_BOARD }, (_, i) => (i % 2 ? '36558F' : 'D17A22')).join('');
const input = { x: 1, y: 0, operator: 'maria', reason: 'hateful message' };

/** A reservation of `requested` for `userId` under fencing token 1. */
function orderOf(orderId: string, userId: string, requested: RequestedPixel[]) {
  const read = readOrderPixels(requested);
  if (!read.ok) throw new Error(read.problem.message);
  return { orderId, userId, fencingToken: 1, ttlMs: 60_000, pixels: read.pixels };
}

/** A board where user-a bought (0, 0) in the artist colour and (1, 0) in #ABCDEF. */
function sold(): BoardDoc {
  const r = reserve(
    newBoard(3, 7, ART, 0),
    orderOf('a', 'user-a', [
      { x: 0, y: 0, isDefault: true },
      { x: 1, y: 0, color: '#ABCDEF', isDefault: false },
    ]),
    10,
  );
  if (!r.ok) throw new Error(r.message);
  const c = commit(r.board, 'a', 20);
  if (!c.ok) throw new Error(c.message);
  return c.board;
}

describe('moderation reset', () => {
  it('puts a sold pixel back to its default colour, keeps it sold and records the audit entry', () => {
    const board = sold();
    const out = resetPixel(board, input, 99);
    if (!out.ok) throw new Error(out.problem.message);
    expect(out.alreadyReset).toBe(false);
    expect(out.entry).toEqual({
      offset: 1,
      x: 1,
      y: 0,
      operator: 'maria',
      reason: 'hateful message',
      at: 99,
      previousColor: '#ABCDEF',
      previousOwner: 'user-a',
      color: '#36558F',
    });
    const px = boardPixels(out.board);
    expect(px[1]).toEqual({
      x: 1,
      y: 0,
      current_color: '#36558F',
      default_color: '#36558F',
      user_id: 'user-a',
    });
    expect(px[0]).toEqual(boardPixels(board)[0]); // the neighbour is untouched
    expect(out.board.soldCount).toBe(board.soldCount);
    expect(out.board.version).toBe(board.version + 1);
    expect(out.board.resets).toEqual([out.entry]);
    expect(board.resets).toBeUndefined(); // pure: the input document is not changed
  });

  it('never sells a reset pixel again', () => {
    const out = resetPixel(sold(), input, 99);
    if (!out.ok) throw new Error(out.problem.message);
    const again = reserve(out.board, orderOf('b', 'user-b', [{ x: 1, y: 0, isDefault: true }]), 100);
    expect(again).toMatchObject({ ok: false, reason: 'ALREADY_SOLD' });
  });

  it('resets a pixel once: a second reset changes nothing and answers the first entry', () => {
    const first = resetPixel(sold(), input, 99);
    if (!first.ok) throw new Error(first.problem.message);
    const second = resetPixel(first.board, { ...input, reason: 'another reason', operator: 'li' }, 200);
    expect(second).toMatchObject({ ok: true, alreadyReset: true, entry: first.entry });
    if (second.ok) expect(second.board).toBe(first.board);
  });

  it('refuses an unsold pixel, a pixel outside the board and a bad reason or operator', () => {
    const board = sold();
    expect(resetPixel(board, { ...input, x: 5 }, 1)).toMatchObject({
      ok: false,
      reason: 'NOT_SOLD',
      problem: {
        field: 'x',
        message: 'Pixel (5, 0) of board 7 is not sold; only a purchased pixel can be reset',
      },
    });
    for (const bad of [
      { x: 49, field: 'x' },
      { y: -1, field: 'x' },
      { reason: '  ', field: 'reason' },
      { reason: 'x'.repeat(501), field: 'reason' },
      { operator: '', field: 'operator' },
      { operator: 'a\nb', field: 'operator' },
    ]) {
      const { field, ...change } = bad;
      const out = resetPixel(board, { ...input, ...change }, 1);
      expect(out, JSON.stringify(bad)).toMatchObject({
        ok: false,
        reason: 'INVALID_INPUT',
        problem: { field },
      });
    }
  });
});
