// Pure render functions over a 2D context. The overlay is drawn in screen space (crisp at any zoom):
// the 25 x 25 board grid, the hovered board, and lock icons on locked boards. Live pixels are drawn into a
// world-space canvas the size of the composite image.
import { BOARDS_PER_SIDE } from '@tessera/facts/grid';
import { boardWorldRect, canvasPixelWorldRect, type Point, type SceneLayout } from './layout.js';
import type { Viewport } from './viewport.js';
import type { CanvasPixel } from './live-events.js';
import { drawOwnPixels } from './own-pixels.js';
import type { Draw2D } from './draw2d.js';

export type { Draw2D } from './draw2d.js';

export interface OverlayScene {
  /** CSS size of the stage. */
  width: number;
  height: number;
  /** devicePixelRatio of the overlay canvas. */
  dpr: number;
  viewport: Viewport;
  layout: SceneLayout;
  hoverBoard: number | null;
  showGrid: boolean;
  /** Boards locked by someone: shaded, with a padlock when the cell is big enough. */
  lockedBoards?: ReadonlySet<number>;
  /** A canvas pixel marked with a ring (a deep link's pixel), in whole-canvas coordinates. */
  markedPixel?: Point | null;
  /** The signed-in buyer's own pixels (canvas offsets), outlined (own-pixels.ts). */
  ownPixels?: ReadonlySet<number>;
}

export const OVERLAY_STYLE = {
  grid: 'rgba(31, 27, 46, 0.16)',
  hoverFill: 'rgba(90, 79, 214, 0.32)',
  hoverStroke: '#4b3fc0',
  lockFill: 'rgba(31, 27, 46, 0.45)',
  lockIcon: '#fde047',
  markOuter: '#ffffff',
  markInner: '#1f1b2e',
} as const;

/** A padlock centred in a board cell (screen space): a body and a squared shackle. */
export function drawLockIcon(ctx: Draw2D, x: number, y: number, step: number): void {
  const size = Math.min(step * 0.6, 28);
  if (size < 6) return;
  const cx = x + step / 2;
  const cy = y + step / 2;
  const bodyW = size * 0.8;
  const bodyH = size * 0.55;
  const bodyTop = cy - bodyH / 2 + size * 0.15;
  ctx.fillStyle = OVERLAY_STYLE.lockIcon;
  ctx.fillRect(cx - bodyW / 2, bodyTop, bodyW, bodyH);
  const shackleW = bodyW * 0.6;
  const shackleH = size * 0.35;
  ctx.strokeStyle = OVERLAY_STYLE.lockIcon;
  ctx.lineWidth = Math.max(1.5, size * 0.12);
  ctx.beginPath();
  ctx.moveTo(cx - shackleW / 2, bodyTop);
  ctx.lineTo(cx - shackleW / 2, bodyTop - shackleH);
  ctx.lineTo(cx + shackleW / 2, bodyTop - shackleH);
  ctx.lineTo(cx + shackleW / 2, bodyTop);
  ctx.stroke();
}

/** Snaps a screen coordinate to the centre of a device pixel so 1 px lines stay sharp. */
function crisp(value: number, dpr: number): number {
  return (Math.round(value * dpr) + 0.5) / dpr;
}

export function renderOverlay(ctx: Draw2D, scene: OverlayScene): void {
  const { viewport: v, layout, dpr } = scene;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, scene.width, scene.height);
  const origin = layout.padding * v.zoom;
  const x0 = v.x + origin;
  const y0 = v.y + origin;
  const size = layout.gridSize * v.zoom;
  const step = layout.cell * v.zoom;

  if (scene.lockedBoards && scene.lockedBoards.size > 0) {
    ctx.fillStyle = OVERLAY_STYLE.lockFill;
    for (const board of scene.lockedBoards) {
      const r = boardWorldRect(layout, board);
      ctx.fillRect(r.x * v.zoom + v.x, r.y * v.zoom + v.y, step, step);
    }
    for (const board of scene.lockedBoards) {
      const r = boardWorldRect(layout, board);
      drawLockIcon(ctx, r.x * v.zoom + v.x, r.y * v.zoom + v.y, step);
      ctx.fillStyle = OVERLAY_STYLE.lockFill;
    }
  }

  // Grid lines get in the way below about 4 px per cell; the boards are then too small to target anyway.
  if (scene.showGrid && step >= 4) {
    ctx.strokeStyle = OVERLAY_STYLE.grid;
    ctx.lineWidth = 1 / dpr;
    ctx.beginPath();
    for (let i = 0; i <= BOARDS_PER_SIDE; i++) {
      const x = crisp(x0 + i * step, dpr);
      const y = crisp(y0 + i * step, dpr);
      ctx.moveTo(x, y0);
      ctx.lineTo(x, y0 + size);
      ctx.moveTo(x0, y);
      ctx.lineTo(x0 + size, y);
    }
    ctx.stroke();
  }

  if (scene.hoverBoard !== null) {
    const r = boardWorldRect(layout, scene.hoverBoard);
    const hx = r.x * v.zoom + v.x;
    const hy = r.y * v.zoom + v.y;
    ctx.fillStyle = OVERLAY_STYLE.hoverFill;
    ctx.fillRect(hx, hy, step, step);
    ctx.strokeStyle = OVERLAY_STYLE.hoverStroke;
    ctx.lineWidth = 2;
    ctx.strokeRect(hx, hy, step, step);
  }

  if (scene.ownPixels) drawOwnPixels(ctx, scene, scene.ownPixels);
  if (scene.markedPixel) drawMark(ctx, scene, scene.markedPixel);
}

/** A ring around a marked canvas pixel: dark inside, white outside, so it shows on any colour. */
function drawMark(ctx: Draw2D, scene: OverlayScene, pixel: Point): void {
  const { viewport: v } = scene;
  const r = canvasPixelWorldRect(scene.layout, pixel);
  const x = r.x * v.zoom + v.x;
  const y = r.y * v.zoom + v.y;
  const size = r.width * v.zoom;
  ctx.lineWidth = 2;
  ctx.strokeStyle = OVERLAY_STYLE.markInner;
  ctx.strokeRect(x - 2, y - 2, size + 4, size + 4);
  ctx.strokeStyle = OVERLAY_STYLE.markOuter;
  ctx.strokeRect(x - 4, y - 4, size + 8, size + 8);
}

/** Draws committed pixels (composite-image coordinates, one image pixel each). */
export function drawLivePixels(
  ctx: Pick<Draw2D, 'fillRect' | 'fillStyle'>,
  pixels: readonly CanvasPixel[],
): void {
  for (const p of pixels) {
    ctx.fillStyle = p.color;
    ctx.fillRect(p.x, p.y, 1, 1);
  }
}
