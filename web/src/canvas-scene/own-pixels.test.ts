import { describe, expect, it } from 'vitest';
import { drawRecorder } from '../lib/draw-recorder.fixture.js';
import { canvasPixelAtScreen, drawOwnPixels, OWN_STYLE } from './own-pixels.js';
import { sceneLayout } from './layout.js';
import type { Draw2D } from './render.js';

const layout = sceneLayout(false); // grid 490 world px: a canvas pixel is 0.4 world px
const own = new Set([53 * 1225 + 52]);

describe('own pixels outlined', () => {
  it('outlines each own pixel on screen once it is big enough, and nothing when far out', () => {
    const { ctx, ops } = drawRecorder<Draw2D>();
    // zoom 25: a pixel is 10 screen px; pixel (52, 53) sits at world 48 + 52 * 0.4 = 68.8
    const v = { zoom: 25, x: -1500, y: -1500 };
    const scene = { layout, viewport: v, width: 1280, height: 800 };
    expect(drawOwnPixels(ctx, scene, own)).toBe(1);
    const x = 68.8 * 25 - 1500;
    const y = (48 + 53 * 0.4) * 25 - 1500;
    expect(ops).toEqual([
      `stroke ${OWN_STYLE.outer} ${x - 1.5},${y - 1.5},13,13`,
      `stroke ${OWN_STYLE.inner} ${x + 0.25},${y + 0.25},9.5,9.5`,
    ]);
    const far = drawRecorder<Draw2D>();
    expect(drawOwnPixels(far.ctx, { ...scene, viewport: { zoom: 1, x: 0, y: 0 } }, own)).toBe(0);
    expect(far.ops).toEqual([]);
    // off screen: not drawn
    expect(drawOwnPixels(far.ctx, { ...scene, viewport: { zoom: 25, x: 5000, y: 0 } }, own)).toBe(0);
  });

  it('finds the canvas pixel under a screen point only at close zoom', () => {
    const v = { zoom: 25, x: -1500, y: -1500 };
    const x = 68.8 * 25 - 1500 + 5;
    const y = (48 + 53 * 0.4) * 25 - 1500 + 5;
    expect(canvasPixelAtScreen(layout, v, { x, y })).toEqual({ x: 52, y: 53 });
    expect(canvasPixelAtScreen(layout, { ...v, zoom: 2 }, { x, y })).toBeNull();
    expect(canvasPixelAtScreen(layout, { zoom: 25, x: 0, y: 0 }, { x: 5, y: 5 })).toBeNull(); // padding
  });
});
