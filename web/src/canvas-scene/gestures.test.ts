import { describe, expect, it } from 'vitest';
import { classifyTouch, isTap, PointerGestures, type PointerInput } from './gestures.js';

const touch = (id: number, x: number, y: number, t: number): PointerInput => ({ id, kind: 'touch', x, y, t });
const mouse = (x: number, y: number, altKey = false): PointerInput => ({
  id: 1,
  kind: 'mouse',
  x,
  y,
  t: 0,
  altKey,
  button: 0,
});

describe('tap rule', () => {
  it('needs one finger, over 50 and under 500 ms, under 10 px', () => {
    expect(isTap(120, 3, 1)).toBe(true);
    expect(isTap(50, 0, 1)).toBe(false);
    expect(isTap(500, 0, 1)).toBe(false);
    expect(isTap(120, 10, 1)).toBe(false);
    expect(isTap(120, 0, 2)).toBe(false);
  });
});

describe('classifyTouch', () => {
  it('pinch over 10 px of distance change, pan over 2 px of movement', () => {
    const a = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
    ];
    expect(
      classifyTouch(a, [
        { x: -6, y: 0 },
        { x: 106, y: 0 },
      ]),
    ).toBe('pinch');
    expect(
      classifyTouch(a, [
        { x: -5, y: 0 },
        { x: 105, y: 0 },
      ]),
    ).toBe('undecided');
    expect(
      classifyTouch(a, [
        { x: 3, y: 0 },
        { x: 103, y: 0 },
      ]),
    ).toBe('pan');
    expect(classifyTouch([{ x: 0, y: 0 }], [{ x: 2, y: 0 }])).toBe('undecided');
    expect(classifyTouch([{ x: 0, y: 0 }], [{ x: 0, y: 2.5 }])).toBe('pan');
  });
});

describe('PointerGestures: mouse', () => {
  it('hovers, clicks, and pans with Alt + drag', () => {
    const g = new PointerGestures();
    expect(g.move(mouse(10, 10))).toEqual({ type: 'hover', x: 10, y: 10 });
    g.down(mouse(10, 10));
    expect(g.move(mouse(14, 12))).toBeNull();
    expect(g.up(mouse(14, 12))).toEqual({ type: 'tap', x: 10, y: 10 });

    g.down(mouse(10, 10, true));
    expect(g.current).toBe('alt-pan');
    expect(g.move(mouse(30, 5, true))).toEqual({ type: 'pan', dx: 20, dy: -5 });
    expect(g.up(mouse(30, 5, true))).toBeNull();
    expect(g.current).toBe('idle');
  });

  it('a drag without Alt is not a click', () => {
    const g = new PointerGestures();
    g.down(mouse(0, 0));
    g.move(mouse(20, 0));
    expect(g.up(mouse(20, 0))).toBeNull();
    // The next click is a click again.
    g.down(mouse(5, 5));
    expect(g.up(mouse(5, 5))).toEqual({ type: 'tap', x: 5, y: 5 });
  });

  it('ignores secondary buttons', () => {
    const g = new PointerGestures();
    expect(g.down({ ...mouse(0, 0), button: 2 })).toBeNull();
    expect(g.current).toBe('idle');
  });
});

describe('PointerGestures: touch', () => {
  it('taps with one short, still finger', () => {
    const g = new PointerGestures();
    g.down(touch(1, 50, 60, 1000));
    g.move(touch(1, 52, 61, 1040));
    expect(g.up(touch(1, 52, 61, 1120))).toEqual({ type: 'tap', x: 50, y: 60 });
  });

  it('a too-short or too-long press is not a tap', () => {
    const g = new PointerGestures();
    g.down(touch(1, 0, 0, 0));
    expect(g.up(touch(1, 0, 0, 30))).toBeNull();
    g.down(touch(1, 0, 0, 0));
    expect(g.up(touch(1, 0, 0, 600))).toMatchObject({ type: 'hold' });
  });

  it('decides pan after 3 moves, then pans by each move', () => {
    const g = new PointerGestures();
    g.down(touch(1, 0, 0, 0));
    expect(g.move(touch(1, 1, 0, 10))).toBeNull();
    expect(g.move(touch(1, 2, 0, 20))).toBeNull();
    expect(g.move(touch(1, 5, 0, 30))).toEqual({ type: 'pan', dx: 5, dy: 0 });
    expect(g.current).toBe('touch-pan');
    expect(g.move(touch(1, 9, 2, 40))).toEqual({ type: 'pan', dx: 4, dy: 2 });
    expect(g.up(touch(1, 40, 2, 900))).toBeNull();
  });

  it('stays undecided while the movement is within 2 px', () => {
    const g = new PointerGestures();
    g.down(touch(1, 0, 0, 0));
    for (let i = 0; i < 5; i++) expect(g.move(touch(1, 1, 1, i * 10))).toBeNull();
    expect(g.current).toBe('touch-pending');
  });

  it('pinches with two fingers, zooming around their centre', () => {
    const g = new PointerGestures();
    g.down(touch(1, 100, 100, 0));
    g.down(touch(2, 200, 100, 5));
    g.move(touch(1, 95, 100, 10));
    g.move(touch(2, 205, 100, 20));
    const decided = g.move(touch(1, 90, 100, 30));
    expect(g.current).toBe('pinch');
    expect(decided).toMatchObject({ type: 'pinch', center: { x: 147.5, y: 100 } });
    expect(decided?.type === 'pinch' && decided.factor).toBeCloseTo(115 / 100);
    const next = g.move(touch(2, 228, 100, 40));
    expect(next?.type === 'pinch' && next.factor).toBeCloseTo(138 / 115);
    g.up(touch(1, 90, 100, 50));
    expect(g.up(touch(2, 228, 100, 60))).toBeNull();
    expect(g.current).toBe('idle');
  });
});

describe('PointerGestures: hold (pixel info at close zoom)', () => {
  it('a still finger held 500 ms or more is a hold, not a tap', () => {
    const g = new PointerGestures();
    g.down(touch(1, 40, 50, 0));
    expect(g.up(touch(1, 41, 50, 600))).toEqual({ type: 'hold', x: 40, y: 50, pointer: 'touch' });
    g.down(touch(1, 40, 50, 1000));
    g.move(touch(1, 60, 50, 1100));
    g.move(touch(1, 80, 50, 1200));
    g.move(touch(1, 99, 50, 1300));
    expect(g.up(touch(1, 99, 50, 1700))).toBeNull();
  });

  it('a mouse press is a click under 500 ms and a hold from 500 ms', () => {
    const g = new PointerGestures();
    g.down({ ...mouse(10, 10), t: 0 });
    expect(g.up({ ...mouse(12, 10), t: 200 })).toEqual({ type: 'tap', x: 10, y: 10 });
    g.down({ ...mouse(10, 10), t: 1000 });
    expect(g.up({ ...mouse(12, 10), t: 1500 })).toEqual({ type: 'hold', x: 10, y: 10, pointer: 'mouse' });
  });
});
