import { describe, expect, it } from 'vitest';
import { createViewState, viewReducer } from './view-state.js';

describe('viewReducer', () => {
  const start = createViewState({ width: 800, height: 600 }, 586, false);

  it('starts centred at 100% on desktop', () => {
    expect(start.viewport).toEqual({ zoom: 1, x: 107, y: 7 });
  });

  it('zooms by wheel and buttons, pans, pinches, and resets', () => {
    let s = viewReducer(start, { type: 'wheel', deltaY: -100, deltaMode: 0, anchor: { x: 400, y: 300 } });
    expect(s.viewport.zoom).toBe(1.1);
    s = viewReducer(s, { type: 'step', direction: 1 });
    expect(s.viewport.zoom).toBe(1.2);
    s = viewReducer(s, { type: 'pan', dx: 10, dy: 5 });
    s = viewReducer(s, { type: 'pinch', factor: 2, center: { x: 400, y: 300 }, dx: 0, dy: 0 });
    expect(s.viewport.zoom).toBe(2.4);
    expect(s.touched).toBe(true);
    expect(viewReducer(s, { type: 'reset' }).viewport).toEqual(start.viewport);
  });

  it('re-fits on resize until the user moves the view, then keeps the centre', () => {
    const mobile = createViewState({ width: 390, height: 500 }, 513.5, true);
    const resized = viewReducer(mobile, { type: 'resize', stage: { width: 390, height: 700 } });
    expect(resized.viewport.zoom).toBeCloseTo(310 / 513.5, 3);
    const panned = viewReducer(start, { type: 'pan', dx: 20, dy: 0 });
    const after = viewReducer(panned, { type: 'resize', stage: { width: 1000, height: 600 } });
    expect(after.viewport).toEqual({ zoom: 1, x: 107 + 20 + 100, y: 7 });
  });

  it('keeps the same state when nothing changes', () => {
    expect(viewReducer(start, { type: 'resize', stage: { width: 800, height: 600 } })).toBe(start);
    const max = { ...start, viewport: { ...start.viewport, zoom: 4 } };
    expect(viewReducer(max, { type: 'step', direction: 1 })).toBe(max);
  });
});
