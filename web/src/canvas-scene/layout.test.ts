import { describe, expect, it } from 'vitest';
import { boardAtWorld, boardWorldRect, sceneLayout } from './layout.js';

describe('sceneLayout', () => {
  it('uses 19.6 px cells and 48 px padding on desktop, x0.95 and 24 px on mobile', () => {
    expect(sceneLayout(false)).toEqual({ cell: 19.6, padding: 48, gridSize: 490, worldSize: 586 });
    const m = sceneLayout(true);
    expect(m.cell).toBeCloseTo(18.62);
    expect(m.padding).toBe(24);
    expect(m.gridSize).toBeCloseTo(465.5);
  });
});

describe('hit-testing', () => {
  const layout = sceneLayout(false);

  it('maps world points to board indexes', () => {
    expect(boardAtWorld(layout, { x: 48, y: 48 })).toBe(0);
    expect(boardAtWorld(layout, { x: 48 + 19.6 * 3 + 1, y: 48 + 19.6 * 2 + 1 })).toBe(2 * 25 + 3);
    expect(boardAtWorld(layout, { x: 48 + 489.9, y: 48 + 489.9 })).toBe(624);
  });

  it('is null in the padding and outside', () => {
    expect(boardAtWorld(layout, { x: 47.9, y: 100 })).toBeNull();
    expect(boardAtWorld(layout, { x: 100, y: 48 + 490 })).toBeNull();
    expect(boardAtWorld(layout, { x: -5, y: -5 })).toBeNull();
  });

  it('gives a board rectangle', () => {
    expect(boardWorldRect(layout, 26)).toEqual({ x: 48 + 19.6, y: 48 + 19.6, width: 19.6, height: 19.6 });
  });
});
