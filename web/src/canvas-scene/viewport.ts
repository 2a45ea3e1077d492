// Viewport math: screen = world * zoom + offset. Zoom is clamped to 0.1..4 and always anchored at a
// screen point (the cursor, the pinch centre or the stage centre) so that point stays put.
import {
  FIT_MARGIN_PX,
  FIT_ZOOM_MAX,
  FIT_ZOOM_MIN,
  WHEEL_SENSITIVITY_DESKTOP,
  WHEEL_SENSITIVITY_MOBILE,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_STEP_DESKTOP,
  ZOOM_STEP_GROWTH_FROM,
  ZOOM_STEP_MOBILE,
} from './constants.js';
import type { Point } from './layout.js';
import { clampZoom } from '../lib/zoom.js';

export interface Viewport {
  zoom: number;
  /** Screen position of the world origin. */
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Zoom rounded to 4 decimals, so repeated steps do not drift (0.1 + 0.2 ...). */
function tidy(zoom: number): number {
  return Math.round(zoom * 10_000) / 10_000;
}

export function screenToWorld(v: Viewport, p: Point): Point {
  return { x: (p.x - v.x) / v.zoom, y: (p.y - v.y) / v.zoom };
}

export function worldToScreen(v: Viewport, p: Point): Point {
  return { x: p.x * v.zoom + v.x, y: p.y * v.zoom + v.y };
}

/** Sets the zoom (clamped), keeping the world point under `anchor` where it is. */
export function zoomAt(v: Viewport, zoom: number, anchor: Point): Viewport {
  const next = clampZoom(tidy(zoom), ZOOM_MIN, ZOOM_MAX);
  if (next === v.zoom) return v;
  const world = screenToWorld(v, anchor);
  return { zoom: next, x: anchor.x - world.x * next, y: anchor.y - world.y * next };
}

export function panBy(v: Viewport, dx: number, dy: number): Viewport {
  if (dx === 0 && dy === 0) return v;
  return { ...v, x: v.x + dx, y: v.y + dy };
}

export function wheelSensitivity(mobile: boolean): number {
  return mobile ? WHEEL_SENSITIVITY_MOBILE : WHEEL_SENSITIVITY_DESKTOP;
}

export function zoomStep(mobile: boolean): number {
  return mobile ? ZOOM_STEP_MOBILE : ZOOM_STEP_DESKTOP;
}

/**
 * How much larger a step is at this zoom: 1 below 200%, then the zoom itself, so a desktop press is 10%
 * of the current zoom there (40 points at 400%) and the largest zoom is a few dozen presses away.
 */
export function stepGrowth(zoom: number): number {
  return zoom < ZOOM_STEP_GROWTH_FROM ? 1 : zoom;
}

/**
 * Wheel zoom: the zoom changes by -deltaY x sensitivity (100 px of scrolling = one 0.1 step on desktop),
 * larger in proportion from 200% (stepGrowth).
 */
export function wheelZoom(v: Viewport, deltaY: number, sensitivity: number, anchor: Point): Viewport {
  return zoomAt(v, v.zoom - deltaY * sensitivity * stepGrowth(v.zoom), anchor);
}

/** A zoom button: one step in or out around the stage centre (larger in proportion from 200%). */
export function stepZoom(v: Viewport, direction: 1 | -1, step: number, stage: Size): Viewport {
  return zoomAt(v, v.zoom + direction * step * stepGrowth(v.zoom), {
    x: stage.width / 2,
    y: stage.height / 2,
  });
}

/** The viewport centred on a world point at a zoom (clamped). */
export function focusViewport(stage: Size, world: Point, zoom: number): Viewport {
  const z = clampZoom(tidy(zoom), ZOOM_MIN, ZOOM_MAX);
  return { zoom: z, x: stage.width / 2 - world.x * z, y: stage.height / 2 - world.y * z };
}

/** Zoom that fits the world inside the stage with a 40 px margin, clamped to 0.1..2. */
export function fitZoom(stage: Size, worldSize: number): number {
  const room = Math.min(stage.width, stage.height) - 2 * FIT_MARGIN_PX;
  if (!(room > 0) || !(worldSize > 0)) return FIT_ZOOM_MIN;
  return clampZoom(tidy(room / worldSize), FIT_ZOOM_MIN, FIT_ZOOM_MAX);
}

/** The world centred in the stage at the given zoom. */
export function centredViewport(stage: Size, worldSize: number, zoom: number): Viewport {
  const z = clampZoom(zoom, ZOOM_MIN, ZOOM_MAX);
  return { zoom: z, x: (stage.width - worldSize * z) / 2, y: (stage.height - worldSize * z) / 2 };
}

/** The starting (and reset) view: fit on mobile, 100% on desktop, centred. */
export function initialViewport(stage: Size, worldSize: number, mobile: boolean): Viewport {
  return centredViewport(stage, worldSize, mobile ? fitZoom(stage, worldSize) : 1);
}

export function zoomPercent(zoom: number): string {
  return `${Math.round(zoom * 100)}%`;
}
