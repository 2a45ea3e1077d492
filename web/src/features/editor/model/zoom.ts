// Editor zoom (spec section 9): 0.3 to 3; wheel sensitivity 0.002 desktop, 0.001 mobile. The range
// check and the wheel's delta in pixels are the web app's one version (lib/zoom.ts).
import { clampZoom, wheelDeltaPixels } from '../../../lib/zoom.js';

export const EDITOR_ZOOM_MIN = 0.3;
export const EDITOR_ZOOM_MAX = 3;
export const WHEEL_SENSITIVITY = { desktop: 0.002, mobile: 0.001 } as const;

/** Scrolling up zooms in: the zoom scales by 1 - pixels x sensitivity, held within 0.3..3. */
export function wheelZoom(zoom: number, deltaY: number, deltaMode: number, mobile: boolean): number {
  const px = wheelDeltaPixels(deltaY, deltaMode);
  const sensitivity = mobile ? WHEEL_SENSITIVITY.mobile : WHEEL_SENSITIVITY.desktop;
  return clampZoom(zoom * (1 - px * sensitivity), EDITOR_ZOOM_MIN, EDITOR_ZOOM_MAX);
}

/** One press of a zoom button: a quarter larger or smaller, held within 0.3..3. */
export const ZOOM_BUTTON_FACTOR = 1.25;

export function stepZoom(zoom: number, direction: 1 | -1): number {
  const next = direction === 1 ? zoom * ZOOM_BUTTON_FACTOR : zoom / ZOOM_BUTTON_FACTOR;
  return clampZoom(Math.round(next * 1000) / 1000, EDITOR_ZOOM_MIN, EDITOR_ZOOM_MAX);
}
