import { describe, expect, it } from 'vitest';
import { CANVAS_SIZE, PIXELS_PER_BOARD, pixelOffset } from '@tessera/facts/grid';
import { historyCommits, type HistoryBoard } from './history.js';

function board(
  boardIndex: number,
  sales: { x: number; y: number; owner: string; at: number; hex: string }[],
): HistoryBoard {
  const owners: (string | null)[] = Array.from({ length: PIXELS_PER_BOARD }, () => null);
  const soldAt = Array.from({ length: PIXELS_PER_BOARD }, () => 0);
  const colours = Array.from({ length: PIXELS_PER_BOARD }, () => 'FFFFFF');
  for (const s of sales) {
    const o = pixelOffset(s.x, s.y);
    owners[o] = s.owner;
    soldAt[o] = s.at;
    colours[o] = s.hex;
  }
  return { boardIndex, owners, soldAt, currentColors: colours.join('') };
}

describe('historyCommits', () => {
  it('groups a board by owner and sale time and orders the commits by time, then board', () => {
    const commits = historyCommits([
      board(0, [
        { x: 5, y: 0, owner: 'ann', at: 300, hex: '0000FF' },
        { x: 1, y: 0, owner: 'ann', at: 100, hex: 'FF0000' },
        { x: 2, y: 0, owner: 'bob', at: 100, hex: '00FF00' },
      ]),
      board(26, [{ x: 0, y: 0, owner: 'cy', at: 100, hex: 'ABCDEF' }]),
      board(1, [{ x: 48, y: 48, owner: 'ann', at: 200, hex: '123456' }]),
    ]);
    expect(commits).toEqual([
      { atMs: 100, offsets: [1], colors: [0xff0000] },
      { atMs: 100, offsets: [2], colors: [0x00ff00] },
      // board 26 is row 1, column 1: canvas (49, 49)
      { atMs: 100, offsets: [49 * CANVAS_SIZE + 49], colors: [0xabcdef] },
      { atMs: 200, offsets: [48 * CANVAS_SIZE + 49 + 48], colors: [0x123456] },
      { atMs: 300, offsets: [5], colors: [0x0000ff] },
    ]);
  });

  it('leaves out unsold pixels', () => {
    expect(historyCommits([board(3, [])])).toEqual([]);
  });
});
