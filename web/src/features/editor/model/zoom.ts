// Editor zoom (spec section 9): 0.3 to 3; wheel sensitivity 0.002 desktop, 0.001 mobile.
export const EDITOR_ZOOM_MIN = 0.3;
export const EDITOR_ZOOM_MAX = 3;
export const WHEEL_SENSITIVITY = { desktop: 0.002, mobile: 0.001 } as const;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(EDITOR_ZOOM_MAX, Math.max(EDITOR_ZOOM_MIN, zoom));
}

/** deltaY in pixels (lines count as 16 px): scrolling up zooms in. */
export function wheelZoom(zoom: number, deltaY: number, deltaMode: number, mobile: boolean): number {
  const px = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  const sensitivity = mobile ? WHEEL_SENSITIVITY.mobile : WHEEL_SENSITIVITY.desktop;
  return clampZoom(zoom * (1 - px * sensitivity));
}
