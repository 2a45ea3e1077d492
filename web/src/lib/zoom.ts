// Zoom plumbing shared by the canvas page and the board editor. Each view keeps its own zoom range
// (spec section 9: the page 0.1 to 4, the editor 0.3 to 3) and its own wheel sensitivity; how a zoom
// is held in its range and how a wheel event's delta is measured are the same for both.

/** `zoom` held within min..max; anything not finite (NaN from a bad division) is 1, 100%. */
export function clampZoom(zoom: number, min: number, max: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(max, Math.max(min, zoom));
}

/** Pixels a line of a line-mode wheel scroll counts as (the usual 16 px line height). */
export const WHEEL_LINE_PX = 16;
/** Pixels a page of a page-mode wheel scroll counts as (a typical viewport height). */
export const WHEEL_PAGE_PX = 800;

/**
 * A wheel event's deltaY in pixels, whatever its WheelEvent.deltaMode (0 pixels, 1 lines, 2 pages),
 * so the zoom speed does not depend on how the browser or the mouse reports the scroll.
 */
export function wheelDeltaPixels(deltaY: number, deltaMode: number): number {
  if (deltaMode === 1) return deltaY * WHEEL_LINE_PX;
  if (deltaMode === 2) return deltaY * WHEEL_PAGE_PX;
  return deltaY;
}
