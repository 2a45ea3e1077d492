import { describe, expect, it } from 'vitest';
import { createViewState, viewReducer } from './view-state.js';
import { ZOOM_MAX } from './constants.js';
import { canvasPixelScreenSize, canvasPixelWorldRect, focusZoom, sceneLayout } from './layout.js';
import { screenToWorld, stepGrowth, stepZoom } from './viewport.js';

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
    const max = { ...start, viewport: { ...start.viewport, zoom: ZOOM_MAX } };
    expect(viewReducer(max, { type: 'step', direction: 1 })).toBe(max);
  });
});

describe('close zoom and the deep link', () => {
  const start = createViewState({ width: 800, height: 600 }, 586, false);

  it('at the largest zoom one canvas pixel is at least 8 screen pixels on both layouts', () => {
    for (const mobile of [false, true]) {
      expect(canvasPixelScreenSize(sceneLayout(mobile), ZOOM_MAX)).toBeGreaterThanOrEqual(8);
    }
  });

  it('steps grow with the zoom above 200%, so the largest zoom is a few presses away', () => {
    expect(stepGrowth(1)).toBe(1);
    expect(stepGrowth(1.9)).toBe(1);
    expect(stepGrowth(8)).toBe(8);
    let v = { zoom: 1, x: 0, y: 0 };
    let presses = 0;
    while (v.zoom < ZOOM_MAX && presses < 100) {
      v = stepZoom(v, 1, 0.1, { width: 800, height: 600 });
      presses++;
    }
    expect(v.zoom).toBe(ZOOM_MAX);
    expect(presses).toBeLessThan(45);
  });

  it('a focus opens centred on the pixel at the focus zoom, keeps it over a resize, and Reset forgets it', () => {
    const layout = sceneLayout(false);
    const r = canvasPixelWorldRect(layout, { x: 612, y: 300 });
    const world = { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    const focus = { world, zoom: focusZoom(layout) };
    let s = viewReducer(start, { type: 'focus', focus });
    const centre = screenToWorld(s.viewport, { x: 400, y: 300 });
    expect(centre.x).toBeCloseTo(world.x);
    expect(centre.y).toBeCloseTo(world.y);
    expect(canvasPixelScreenSize(layout, s.viewport.zoom)).toBeGreaterThanOrEqual(8);
    s = viewReducer(s, { type: 'resize', stage: { width: 1000, height: 500 } });
    expect(screenToWorld(s.viewport, { x: 500, y: 250 }).x).toBeCloseTo(world.x);
    expect(viewReducer(s, { type: 'reset' }).focus).toBeNull();
  });
});
