// The signed-in buyer's own pixels on the canvas page, and the canvas pixel under a screen point (pixel
// info). Pure: the overlay draws an outline around each own pixel in screen space once a canvas pixel
// is big enough on screen to carry one; pixel info answers clicks only where a pixel can be aimed at.
import { CANVAS_SIZE } from '@tessera/facts/grid';
import { canvasPixelScreenSize, canvasPixelWorldRect, type Point, type SceneLayout } from './layout.js';
import { screenToWorld, type Viewport } from './viewport.js';
import type { Draw2D } from './draw2d.js';

/** Own pixels are outlined from this many screen pixels a canvas pixel. */
export const OWN_OUTLINE_MIN_PX = 3;
/** Pixel info answers a click or tap from this many screen pixels a canvas pixel. */
export const PIXEL_INFO_MIN_PX = 6;

export const OWN_STYLE = { outer: '#064e3b', inner: '#34d399' } as const;

/** The canvas pixel under a screen point, or null outside the canvas or below PIXEL_INFO_MIN_PX. */
export function canvasPixelAtScreen(layout: SceneLayout, v: Viewport, screen: Point): Point | null {
  if (canvasPixelScreenSize(layout, v.zoom) < PIXEL_INFO_MIN_PX) return null;
  const world = screenToWorld(v, screen);
  const size = layout.gridSize / CANVAS_SIZE;
  const x = Math.floor((world.x - layout.padding) / size);
  const y = Math.floor((world.y - layout.padding) / size);
  if (x < 0 || y < 0 || x >= CANVAS_SIZE || y >= CANVAS_SIZE) return null;
  return { x, y };
}

/** A canvas pixel's rectangle on screen. */
export function canvasPixelScreenRect(layout: SceneLayout, v: Viewport, p: Point) {
  const r = canvasPixelWorldRect(layout, p);
  return { x: r.x * v.zoom + v.x, y: r.y * v.zoom + v.y, size: r.width * v.zoom };
}

/**
 * Outlines the own pixels (canvas offsets y * 1225 + x) that are on screen: a light inner line and a
 * dark outer one, so the outline shows on any colour. Returns how many were drawn.
 */
export function drawOwnPixels(
  ctx: Pick<Draw2D, 'strokeRect' | 'strokeStyle' | 'lineWidth'>,
  scene: { layout: SceneLayout; viewport: Viewport; width: number; height: number },
  own: ReadonlySet<number>,
): number {
  const { layout, viewport: v } = scene;
  if (own.size === 0 || canvasPixelScreenSize(layout, v.zoom) < OWN_OUTLINE_MIN_PX) return 0;
  let drawn = 0;
  for (const offset of own) {
    const r = canvasPixelScreenRect(layout, v, {
      x: offset % CANVAS_SIZE,
      y: Math.floor(offset / CANVAS_SIZE),
    });
    if (r.x + r.size < 0 || r.y + r.size < 0 || r.x > scene.width || r.y > scene.height) continue;
    ctx.lineWidth = 1;
    ctx.strokeStyle = OWN_STYLE.outer;
    ctx.strokeRect(r.x - 1.5, r.y - 1.5, r.size + 3, r.size + 3);
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = OWN_STYLE.inner;
    ctx.strokeRect(r.x + 0.25, r.y + 0.25, r.size - 0.5, r.size - 0.5);
    drawn++;
  }
  return drawn;
}
