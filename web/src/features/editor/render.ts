// Pure drawing of a board over a 2D context (no React): pixels at 10 px (pending colours on top, each
// with a dashed inner frame so it reads as "not bought yet"; with the ghost on, unbought pixels show the
// artist's colour faintly), faint grid lines, the selection, red dashed outlines on refused purchased
// pixels and the highlight.
import { hexToRgb, isHexColor, UNOWNED_COLOR } from '@tessera/facts/colour';
import { ghostColour } from '../../canvas-scene/ghost.js';
import { OWN_STYLE } from '../../canvas-scene/own-pixels.js';
import { BOARD_SIZE } from '@tessera/facts/grid';
import { pixelAt, type PixelMap } from './board-pixels.js';
import type { Cell } from './model/cells.js';
import { parsePixelKey, pixelKey } from '../../lib/pixel-key.js';
import type { KeyCursor } from './model/keyboard.js';
import type { PendingMap } from './model/pending.js';

export const PIXEL_SIZE = 10;
export const BOARD_SIDE = BOARD_SIZE * PIXEL_SIZE;

export type BoardDraw = Pick<
  CanvasRenderingContext2D,
  | 'setTransform'
  | 'clearRect'
  | 'fillRect'
  | 'strokeRect'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'stroke'
  | 'setLineDash'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
>;

export interface BoardScene {
  pixels: PixelMap;
  pending: PendingMap;
  selected: ReadonlySet<string>;
  ownedWarning: ReadonlySet<string> | null;
  highlight: Cell | null;
  /** Device pixels per CSS pixel of the backing store. */
  scale: number;
  /** Unbought pixels without a pending change show the artist's colour faintly. */
  ghost?: boolean;
  /** The keyboard cursor (and the rectangle it stretches), drawn while the board has focus. */
  cursor?: KeyCursor | null;
  /** The signed-in buyer's own bought pixels ("x-y"): a solid green frame with a dark edge. */
  mine?: ReadonlySet<string> | null;
}

export const BOARD_STYLE = {
  grid: 'rgba(0, 0, 0, 0.08)',
  pendingMark: 'rgba(255, 255, 255, 0.85)',
  pendingMarkDark: 'rgba(0, 0, 0, 0.55)',
  selectedFill: 'rgba(90, 79, 214, 0.38)',
  selectedStroke: '#7c6ff0',
  owned: '#ef4444',
  highlight: '#facc15',
  cursor: '#22d3ee',
  mine: OWN_STYLE.inner,
  mineEdge: OWN_STYLE.outer,
} as const;

/**
 * The colour a pixel shows: its pending change, else (ghost on, unbought and still white) its artist's
 * colour faded over white, else its current colour.
 */
export function shownColour(
  scene: Pick<BoardScene, 'pixels' | 'pending' | 'ghost'>,
  x: number,
  y: number,
): string {
  const change = scene.pending.get(pixelKey(x, y));
  if (change) return change.color;
  const pixel = pixelAt(scene.pixels, x, y);
  if (scene.ghost && pixel.userId === null && pixel.currentColor === UNOWNED_COLOR)
    return ghostColour(pixel.defaultColor);
  return pixel.currentColor;
}

/** The cells a set of keys names (a key that names none is skipped). */
function cellsOf(keys: Iterable<string>): Cell[] {
  const cells: Cell[] = [];
  for (const key of keys) {
    const cell = parsePixelKey(key);
    if (cell !== null) cells.push(cell);
  }
  return cells;
}

function isLight(hex: string): boolean {
  if (!isHexColor(hex)) return true;
  const [r, g, b] = hexToRgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
}

export function renderBoard(ctx: BoardDraw, scene: BoardScene): void {
  const s = PIXEL_SIZE;
  ctx.setTransform(scene.scale, 0, 0, scene.scale, 0, 0);
  ctx.clearRect(0, 0, BOARD_SIDE, BOARD_SIDE);
  for (let y = 0; y < BOARD_SIZE; y++) {
    for (let x = 0; x < BOARD_SIZE; x++) {
      ctx.fillStyle = shownColour(scene, x, y);
      ctx.fillRect(x * s, y * s, s, s);
    }
  }

  ctx.strokeStyle = BOARD_STYLE.grid;
  ctx.lineWidth = 1 / scene.scale;
  ctx.setLineDash([]);
  ctx.beginPath();
  for (let i = 1; i < BOARD_SIZE; i++) {
    ctx.moveTo(i * s, 0);
    ctx.lineTo(i * s, BOARD_SIDE);
    ctx.moveTo(0, i * s);
    ctx.lineTo(BOARD_SIDE, i * s);
  }
  ctx.stroke();

  // Own bought pixels: a solid frame (pending ones are dashed; other buyers' are plain squares).
  if (scene.mine && scene.mine.size > 0) {
    for (const { x, y } of cellsOf(scene.mine)) {
      ctx.lineWidth = 1;
      ctx.strokeStyle = BOARD_STYLE.mineEdge;
      ctx.strokeRect(x * s + 0.5, y * s + 0.5, s - 1, s - 1);
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = BOARD_STYLE.mine;
      ctx.strokeRect(x * s + 1.75, y * s + 1.75, s - 3.5, s - 3.5);
    }
  }

  // Pending changes: a dashed inner frame, so they read as "not bought yet" beside bought pixels
  // (plain squares) and the ghost (faint squares).
  ctx.lineWidth = 1;
  ctx.setLineDash([2, 1.5]);
  for (const change of scene.pending.values()) {
    ctx.strokeStyle = isLight(change.color) ? BOARD_STYLE.pendingMarkDark : BOARD_STYLE.pendingMark;
    ctx.strokeRect(change.x * s + 1.5, change.y * s + 1.5, s - 3, s - 3);
  }
  ctx.setLineDash([]);

  if (scene.selected.size > 0) {
    ctx.fillStyle = BOARD_STYLE.selectedFill;
    for (const { x, y } of cellsOf(scene.selected)) ctx.fillRect(x * s, y * s, s, s);
    ctx.strokeStyle = BOARD_STYLE.selectedStroke;
    ctx.lineWidth = 1;
    for (const { x, y } of cellsOf(scene.selected)) ctx.strokeRect(x * s + 0.5, y * s + 0.5, s - 1, s - 1);
  }

  if (scene.ownedWarning && scene.ownedWarning.size > 0) {
    ctx.strokeStyle = BOARD_STYLE.owned;
    ctx.lineWidth = 1.5;
    ctx.setLineDash([2, 2]);
    for (const { x, y } of cellsOf(scene.ownedWarning))
      ctx.strokeRect(x * s + 0.75, y * s + 0.75, s - 1.5, s - 1.5);
    ctx.setLineDash([]);
  }

  if (scene.cursor) drawCursor(ctx, scene.cursor);

  if (scene.highlight) {
    const { x, y } = scene.highlight;
    ctx.strokeStyle = BOARD_STYLE.highlight;
    ctx.lineWidth = 2;
    ctx.strokeRect(x * s - 2, y * s - 2, s + 4, s + 4);
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.7)';
    ctx.lineWidth = 1;
    ctx.strokeRect(x * s - 3.5, y * s - 3.5, s + 7, s + 7);
  }
}

/** The keyboard cursor: a cyan ring, and a dashed cyan rectangle while Shift + arrows stretch one. */
function drawCursor(ctx: BoardDraw, { cursor, anchor }: KeyCursor): void {
  const s = PIXEL_SIZE;
  ctx.strokeStyle = BOARD_STYLE.cursor;
  if (anchor) {
    const x0 = Math.min(anchor.x, cursor.x);
    const y0 = Math.min(anchor.y, cursor.y);
    const w = Math.abs(anchor.x - cursor.x) + 1;
    const h = Math.abs(anchor.y - cursor.y) + 1;
    ctx.lineWidth = 1.5;
    ctx.setLineDash([3, 2]);
    ctx.strokeRect(x0 * s, y0 * s, w * s, h * s);
    ctx.setLineDash([]);
  }
  ctx.lineWidth = 2;
  ctx.strokeRect(cursor.x * s + 1, cursor.y * s + 1, s - 2, s - 2);
}

/** The board cell under a point given in the element's CSS pixels (null outside the board). */
export function cellAt(offsetX: number, offsetY: number, width: number, height: number): Cell | null {
  if (width <= 0 || height <= 0) return null;
  const x = Math.floor((offsetX / width) * BOARD_SIZE);
  const y = Math.floor((offsetY / height) * BOARD_SIZE);
  if (x < 0 || y < 0 || x >= BOARD_SIZE || y >= BOARD_SIZE) return null;
  return { x, y };
}
