import { describe, expect, it } from 'vitest';
import {
  centredViewport,
  fitZoom,
  initialViewport,
  panBy,
  screenToWorld,
  stepZoom,
  wheelSensitivity,
  wheelZoom,
  zoomAt,
  zoomPercent,
  zoomStep,
} from './viewport.js';

const v1 = { zoom: 1, x: 0, y: 0 };

describe('zoom', () => {
  it('clamps to 0.1..25', () => {
    expect(zoomAt(v1, 0.01, { x: 0, y: 0 }).zoom).toBe(0.1);
    expect(zoomAt(v1, 100, { x: 0, y: 0 }).zoom).toBe(25);
    expect(centredViewport({ width: 100, height: 100 }, 10, Number.NaN).zoom).toBe(1);
  });

  it('keeps the anchor point fixed', () => {
    const anchor = { x: 200, y: 120 };
    const before = screenToWorld({ zoom: 1.5, x: 30, y: -10 }, anchor);
    const next = zoomAt({ zoom: 1.5, x: 30, y: -10 }, 2.5, anchor);
    expect(next.zoom).toBe(2.5);
    const after = screenToWorld(next, anchor);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it('wheel: sensitivity 0.001 desktop, 0.0005 mobile; scrolling down zooms out', () => {
    expect(wheelSensitivity(false)).toBe(0.001);
    expect(wheelSensitivity(true)).toBe(0.0005);
    expect(wheelZoom(v1, 100, 0.001, { x: 0, y: 0 }).zoom).toBe(0.9);
    expect(wheelZoom(v1, -100, 0.0005, { x: 0, y: 0 }).zoom).toBe(1.05);
  });

  it('buttons step 0.1 desktop, 0.05 mobile, around the stage centre, without drift', () => {
    expect(zoomStep(false)).toBe(0.1);
    expect(zoomStep(true)).toBe(0.05);
    let v = v1;
    for (let i = 0; i < 3; i++) v = stepZoom(v, 1, 0.1, { width: 400, height: 300 });
    expect(v.zoom).toBe(1.3);
    expect(zoomPercent(v.zoom)).toBe('130%');
    v = stepZoom(v1, -1, 0.05, { width: 400, height: 300 });
    expect(v.zoom).toBe(0.95);
    expect(v.x).toBeCloseTo(200 * 0.05);
  });

  it('pans', () => {
    expect(panBy(v1, 5, -3)).toEqual({ zoom: 1, x: 5, y: -3 });
    expect(panBy(v1, 0, 0)).toBe(v1);
  });
});

describe('fit and initial view', () => {
  it('fits with a 40 px margin, clamped to 0.1..2', () => {
    expect(fitZoom({ width: 390, height: 600 }, 513.5)).toBeCloseTo(310 / 513.5, 3);
    expect(fitZoom({ width: 3000, height: 3000 }, 500)).toBe(2);
    expect(fitZoom({ width: 60, height: 60 }, 500)).toBe(0.1);
  });

  it('centres the world; desktop starts at 100%, mobile at fit', () => {
    expect(centredViewport({ width: 800, height: 600 }, 500, 1)).toEqual({ zoom: 1, x: 150, y: 50 });
    expect(initialViewport({ width: 800, height: 600 }, 500, false).zoom).toBe(1);
    expect(initialViewport({ width: 390, height: 500 }, 513.5, true).zoom).toBeCloseTo(0.6037, 3);
  });
});
