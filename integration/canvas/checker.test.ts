/**
 * The check of kill-restart.test.ts must be able to fail: fed boards that break an invariant, it
 * reports the double sale, the lost commit, the sale nobody acknowledged, the changed unsold pixel
 * and the wrong sold count; fed consistent boards, nothing.
 */
import { describe, expect, it } from 'vitest';
import type { OrderRecord } from './buyers.js';
import { checkBoards, type BoardState } from './verify.js';

const PIXELS = 49 * 49;
const empty = (): BoardState => ({
  boardIndex: 7,
  version: 0,
  soldCount: 0,
  owners: Array.from({ length: PIXELS }, () => null),
  colors: Array.from({ length: PIXELS }, () => '#FFFFFF'),
});
const order = (
  id: string,
  userId: string,
  color: string,
  pixels: { x: number; y: number }[],
): OrderRecord => ({
  id,
  userId,
  boardIndex: 7,
  pixels,
  color,
  late: false,
  reserve: 'ok',
  commit: 'acked',
  unknownReserves: 0,
  unknownCommits: 0,
});
/** The board after `orders` were granted in this order (a later one overwrites: a double sale). */
function granted(orders: OrderRecord[]): BoardState {
  const b = empty();
  for (const o of orders)
    for (const { x, y } of o.pixels) {
      if (b.owners[y * 49 + x] === null) b.soldCount++;
      b.owners[y * 49 + x] = o.userId;
      b.colors[y * 49 + x] = o.color;
    }
  return b;
}
const check = (orders: OrderRecord[], after: BoardState) =>
  checkBoards(orders, new Map([[7, empty()]]), new Map([[7, after]]));

describe('the invariant check', () => {
  const a = order('a', 'ann', '#112233', [
    { x: 1, y: 1 },
    { x: 2, y: 1 },
  ]);
  const b = order('b', 'bob', '#445566', [{ x: 2, y: 1 }]);
  const c = order('c', 'cy', '#778899', [{ x: 5, y: 5 }]);

  it('passes consistent boards', () => {
    expect(check([a, c], granted([a, c]))).toEqual([]);
    expect(check([a, { ...b, commit: 'refused' }], granted([a]))).toEqual([]);
  });

  it('reports a pixel sold to two acknowledged orders', () => {
    const problems = check([a, b], granted([a, b]));
    expect(problems).toContain('board 7 pixel (2, 1) sold twice: to a and to b');
    expect(problems.some((p) => p.includes('of acknowledged a (ann, #112233) is bob'))).toBe(true);
  });

  it('reports a lost acknowledged commit and a sale nobody acknowledged', () => {
    expect(check([a, c], granted([a]))).toEqual([
      'board 7 pixel (5, 5) of acknowledged c (cy, #778899) is unsold, #FFFFFF',
    ]);
    expect(check([a], granted([a, c]))).toEqual([
      'board 7 pixel (5, 5) is owned by cy but no acknowledged order claims it',
    ]);
  });

  it('reports a changed unsold pixel and a wrong sold count', () => {
    const painted = granted([a]);
    painted.colors[0] = '#000000';
    expect(check([a], painted)).toEqual(['board 7 pixel (0, 0) is unsold but its colour changed to #000000']);
    expect(check([a], { ...granted([a]), soldCount: 3 })).toEqual(['board 7: sold_count 3, owned 2']);
  });
});
