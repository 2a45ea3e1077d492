// Keyboard use of the board as a pure step: the arrow keys move a cursor (Shift + arrows stretch a
// rectangle from where the stretch began), Enter or Space selects the rectangle (or the cursor's
// pixel), which the editor handles as a finished drag: purchased pixels are left out and the colour
// modal opens.
import { clampCell, type Cell } from './cells.js';

export interface KeyCursor {
  cursor: Cell;
  /** Where a Shift + arrow stretch began; null when no stretch is running. */
  anchor: Cell | null;
}

export const START_CURSOR: KeyCursor = { cursor: { x: 0, y: 0 }, anchor: null };

export type KeyOutcome =
  { kind: 'move'; next: KeyCursor } | { kind: 'select'; from: Cell; to: Cell; next: KeyCursor } | null;

const MOVES: Record<string, Cell> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** What a key does to the cursor; null for a key the board does not use. */
export function boardKey(state: KeyCursor, key: string, shift: boolean): KeyOutcome {
  const move = MOVES[key];
  if (move) {
    const cursor = clampCell({ x: state.cursor.x + move.x, y: state.cursor.y + move.y });
    const anchor = shift ? (state.anchor ?? state.cursor) : null;
    return { kind: 'move', next: { cursor, anchor } };
  }
  if (key === 'Enter' || key === ' ') {
    return {
      kind: 'select',
      from: state.anchor ?? state.cursor,
      to: state.cursor,
      next: { cursor: state.cursor, anchor: null },
    };
  }
  return null;
}
