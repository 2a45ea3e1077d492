import { describe, expect, it } from 'vitest';
import { COMPOSITE_IMAGE, COMPOSITE_QUERY, COMPOSITE_ROUTE, compositePath } from './render.js';

describe('the composite image of the canvas page', () => {
  it("is the spec's webp at scale 1, quality 95, without the grid", () => {
    expect(COMPOSITE_IMAGE).toEqual({ format: 'webp', scale: 1, quality: 95, grid: false });
    // the query string the spec writes, in its order
    expect(new URLSearchParams(COMPOSITE_QUERY).toString()).toBe('format=webp&scale=1&quality=95&grid=false');
  });

  it('has one route, and a path per canvas', () => {
    expect(COMPOSITE_ROUTE).toBe('/api/canvas-composite/canvas/:canvasIndex/render');
    expect(compositePath(0)).toBe('/api/canvas-composite/canvas/0/render');
    expect(compositePath(2_147_483_647)).toBe('/api/canvas-composite/canvas/2147483647/render');
  });
});
