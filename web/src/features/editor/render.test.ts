// Board rendering over a recording 2D context.
import { describe, expect, it } from 'vitest';
import { drawRecorder } from '../../lib/draw-recorder.fixture.js';
import { BOARD_STYLE, cellAt, renderBoard, shownColour, type BoardDraw } from './render.js';

const recorder = () => drawRecorder<BoardDraw>();

const base = {
  pixels: new Map([['2-3', { currentColor: '#00FF00', defaultColor: '#111111', userId: 'u1' }]]),
  pending: new Map([['4-4', { x: 4, y: 4, color: '#FF0000', isDefault: false }]]),
  selected: new Set<string>(),
  ownedWarning: null,
  highlight: null,
  scale: 2,
};

describe('renderBoard', () => {
  it('draws 49 x 49 pixels at 10 px, pending colours over current ones, white where the server had none', () => {
    const { ctx, ops } = recorder();
    renderBoard(ctx, base);
    const pixels = ops.filter((o) => o.startsWith('fill #'));
    expect(pixels.slice(0, 2401)).toHaveLength(2401);
    expect(ops).toContain('fill #00FF00 20,30,10,10');
    expect(ops).toContain('fill #FF0000 40,40,10,10');
    expect(ops).toContain('fill #FFFFFF 0,0,10,10');
    expect(shownColour(base, 4, 4)).toBe('#FF0000');
  });

  it('outlines refused purchased pixels in red dashes and the highlight in yellow', () => {
    const { ctx, ops } = recorder();
    renderBoard(ctx, {
      ...base,
      ownedWarning: new Set(['2-3']),
      highlight: { x: 1, y: 1 },
      selected: new Set(['0-0']),
    });
    const dash = ops.indexOf('setLineDash(2,2)');
    expect(dash).toBeGreaterThan(0);
    expect(ops[dash + 1]).toBe(`stroke ${BOARD_STYLE.owned} 20.75,30.75,8.5,8.5`);
    expect(ops).toContain(`stroke ${BOARD_STYLE.highlight} 8,8,14,14`);
    expect(ops).toContain(`fill ${BOARD_STYLE.selectedFill} 0,0,10,10`);
  });
});

describe('the ghost and pending pixels', () => {
  const scene = {
    ...base,
    pixels: new Map([
      ['2-3', { currentColor: '#00FF00', defaultColor: '#111111', userId: 'u1' }],
      ['5-5', { currentColor: '#FFFFFF', defaultColor: '#000000', userId: null }],
      ['4-4', { currentColor: '#FFFFFF', defaultColor: '#000000', userId: null }],
    ]),
  };

  it('with the ghost on, an unbought pixel shows its artist colour faded; bought and pending ones do not', () => {
    const { ctx, ops } = recorder();
    renderBoard(ctx, { ...scene, ghost: true });
    expect(ops).toContain('fill #B3B3B3 50,50,10,10');
    expect(ops).toContain('fill #00FF00 20,30,10,10');
    expect(ops).toContain('fill #FF0000 40,40,10,10');
    expect(shownColour({ ...scene, ghost: true }, 5, 5)).toBe('#B3B3B3');
    // An unowned pixel the server lists with a colour of its own keeps that colour.
    const coloured = new Map([['6-6', { currentColor: '#123456', defaultColor: '#000000', userId: null }]]);
    expect(shownColour({ ...scene, pixels: coloured, ghost: true }, 6, 6)).toBe('#123456');
  });

  it('with the ghost off, an unbought pixel is white', () => {
    const { ctx, ops } = recorder();
    renderBoard(ctx, { ...scene, ghost: false });
    expect(ops).toContain('fill #FFFFFF 50,50,10,10');
    expect(ops).not.toContain('fill #B3B3B3 50,50,10,10');
  });

  it('frames each pending pixel with a dashed inner square, and no bought one', () => {
    const { ctx, ops } = recorder();
    renderBoard(ctx, scene);
    const frames = ops.filter((o) => o.endsWith(',7,7'));
    expect(frames).toEqual([`stroke ${BOARD_STYLE.pendingMark} 41.5,41.5,7,7`]);
    expect(ops[ops.indexOf(frames[0]!) - 1]).toBe('setLineDash(2,1.5)');
  });

  it('draws the keyboard cursor and the rectangle it stretches', () => {
    const { ctx, ops } = recorder();
    renderBoard(ctx, { ...scene, cursor: { cursor: { x: 3, y: 1 }, anchor: { x: 1, y: 0 } } });
    expect(ops).toContain(`stroke ${BOARD_STYLE.cursor} 10,0,30,20`);
    expect(ops).toContain(`stroke ${BOARD_STYLE.cursor} 31,11,8,8`);
  });
});

describe('cellAt', () => {
  it('maps element coordinates to cells at any displayed size', () => {
    expect(cellAt(0, 0, 490, 490)).toEqual({ x: 0, y: 0 });
    expect(cellAt(489.9, 489.9, 490, 490)).toEqual({ x: 48, y: 48 });
    expect(cellAt(100, 50, 245, 245)).toEqual({ x: 20, y: 10 });
    expect(cellAt(-1, 5, 490, 490)).toBeNull();
    expect(cellAt(490, 5, 490, 490)).toBeNull();
  });
});

describe('own pixels in the editor', () => {
  it('frames own bought pixels solid green with a dark edge, unlike pending (dashed) and others (none)', () => {
    const { ctx, ops } = recorder();
    renderBoard(ctx, { ...base, mine: new Set(['2-3']) });
    expect(ops).toContain(`stroke ${BOARD_STYLE.mineEdge} 20.5,30.5,9,9`);
    expect(ops).toContain(`stroke ${BOARD_STYLE.mine} 21.75,31.75,6.5,6.5`);
    const plain = recorder();
    renderBoard(plain.ctx, base);
    expect(plain.ops.some((o) => o.startsWith(`stroke ${BOARD_STYLE.mine} `))).toBe(false);
  });
});
