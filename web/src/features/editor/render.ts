// Pure drawing of a board over a 2D context (no React): pixels at 10 px (pending colours on top),
// faint grid lines, the selection, red dashed outlines on refused purchased pixels and the highlight.
import { hexToRgb, isHexColor } from '@tessera/facts/colour';
import { BOARD_SIZE } from '@tessera/facts/grid';
import { pixelAt, type PixelMap } from './board-pixels.js';
import type { Cell } from './model/cells.js';
import { parsePixelKey, pixelKey } from '../../lib/pixel-key.js';
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
}

export const BOARD_STYLE = {
  grid: 'rgba(0, 0, 0, 0.08)',
  pendingMark: 'rgba(255, 255, 255, 0.85)',
  pendingMarkDark: 'rgba(0, 0, 0, 0.55)',
  selectedFill: 'rgba(90, 79, 214, 0.38)',
  selectedStroke: '#7c6ff0',
  owned: '#ef4444',
  highlight: '#facc15',
} as const;

/** The colour a pixel shows: its pending change, else its current colour. */
export function shownColour(scene: Pick<BoardScene, 'pixels' | 'pending'>, x: number, y: number): string {
  return scene.pending.get(pixelKey(x, y))?.color ?? pixelAt(scene.pixels, x, y).currentColor;
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

  // Pending changes: a small corner mark so they read as "not bought yet".
  for (const change of scene.pending.values()) {
    ctx.fillStyle = isLight(change.color) ? BOARD_STYLE.pendingMarkDark : BOARD_STYLE.pendingMark;
    ctx.fillRect(change.x * s + s - 3.5, change.y * s + 1.5, 2, 2);
  }

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

/** The board cell under a point given in the element's CSS pixels (null outside the board). */
export function cellAt(offsetX: number, offsetY: number, width: number, height: number): Cell | null {
  if (width <= 0 || height <= 0) return null;
  const x = Math.floor((offsetX / width) * BOARD_SIZE);
  const y = Math.floor((offsetY / height) * BOARD_SIZE);
  if (x < 0 || y < 0 || x >= BOARD_SIZE || y >= BOARD_SIZE) return null;
  return { x, y };
}
