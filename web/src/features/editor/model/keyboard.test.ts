import { describe, expect, it } from 'vitest';
import { boardKey, START_CURSOR, type KeyCursor } from './keyboard.js';

describe('boardKey', () => {
  it('moves the cursor with the arrow keys and keeps it on the board', () => {
    const right = boardKey(START_CURSOR, 'ArrowRight', false);
    expect(right).toEqual({ kind: 'move', next: { cursor: { x: 1, y: 0 }, anchor: null } });
    expect(boardKey(START_CURSOR, 'ArrowUp', false)).toEqual({ kind: 'move', next: START_CURSOR });
    const corner = { cursor: { x: 48, y: 48 }, anchor: null };
    expect(boardKey(corner, 'ArrowDown', false)).toEqual({ kind: 'move', next: corner });
  });

  it('stretches a rectangle with Shift and selects it with Enter or Space', () => {
    let state: KeyCursor = { cursor: { x: 2, y: 2 }, anchor: null };
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown']) {
      const out = boardKey(state, key, true);
      if (out?.kind !== 'move') throw new Error('expected a move');
      state = out.next;
    }
    expect(state).toEqual({ cursor: { x: 4, y: 3 }, anchor: { x: 2, y: 2 } });
    const select = boardKey(state, 'Enter', false);
    expect(select).toEqual({
      kind: 'select',
      from: { x: 2, y: 2 },
      to: { x: 4, y: 3 },
      next: { cursor: { x: 4, y: 3 }, anchor: null },
    });
    expect(boardKey({ cursor: { x: 5, y: 6 }, anchor: null }, ' ', false)).toMatchObject({
      from: { x: 5, y: 6 },
      to: { x: 5, y: 6 },
    });
  });

  it('a plain arrow ends a stretch; other keys are not used by the board', () => {
    const stretched = { cursor: { x: 3, y: 3 }, anchor: { x: 1, y: 1 } };
    expect(boardKey(stretched, 'ArrowLeft', false)).toEqual({
      kind: 'move',
      next: { cursor: { x: 2, y: 3 }, anchor: null },
    });
    expect(boardKey(stretched, 'a', false)).toBeNull();
    expect(boardKey(stretched, 'Tab', false)).toBeNull();
  });
});
