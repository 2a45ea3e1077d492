/**
 * The purchase history of a canvas from its board documents: every commit (an order granted on a
 * board) wrote its buyer and one sale time to each of its pixels (board.ts `commit`), so the pixels of
 * one board with the same owner and sale time are one commit. Commits are ordered by time, then board,
 * and their pixels by offset; each pixel has the colour the canvas shows now (a moderation reset
 * shows the artist's colour, so a removed picture never comes back in a replay). Pure.
 */
import { boardOrigin, CANVAS_SIZE, PIXELS_PER_BOARD, pixelAtOffset } from '@tessera/facts/grid';
import type { HistoryCommit } from '@tessera/facts/timelapse';
import type { BoardDoc } from './board.js';

/** What the history reads of a board. */
export type HistoryBoard = Pick<BoardDoc, 'boardIndex' | 'currentColors' | 'owners' | 'soldAt'>;

interface Keyed extends HistoryCommit {
  boardIndex: number;
  offsets: number[];
  colors: number[];
}

/** The commits of a set of boards in commit order. */
export function historyCommits(boards: readonly HistoryBoard[]): HistoryCommit[] {
  const commits: Keyed[] = [];
  for (const board of boards) {
    const origin = boardOrigin(board.boardIndex);
    const byKey = new Map<string, Keyed>();
    for (let offset = 0; offset < PIXELS_PER_BOARD; offset++) {
      const owner = board.owners[offset];
      const at = board.soldAt[offset] ?? 0;
      if (owner === null || owner === undefined || at <= 0) continue;
      const key = `${at}\u0000${owner}`;
      let commit = byKey.get(key);
      if (!commit) {
        commit = { atMs: at, boardIndex: board.boardIndex, offsets: [], colors: [] };
        byKey.set(key, commit);
        commits.push(commit);
      }
      const { x, y } = pixelAtOffset(offset);
      commit.offsets.push((origin.y + y) * CANVAS_SIZE + origin.x + x);
      commit.colors.push(parseInt(board.currentColors.slice(offset * 6, offset * 6 + 6), 16));
    }
  }
  commits.sort((a, b) => a.atMs - b.atMs || a.boardIndex - b.boardIndex || a.offsets[0]! - b.offsets[0]!);
  return commits.map(({ atMs, offsets, colors }) => ({ atMs, offsets, colors }));
}
