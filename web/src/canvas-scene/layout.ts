// Scene layout in world units (CSS pixels at zoom 1): a padded square holding the 25 x 25 board grid,
// with the composite image drawn over the grid. Hit-testing maps a world point to a board index.
import {
  BOARD_CELL_PX,
  BOARDS_PER_SIDE,
  BOARD_COUNT,
  CANVAS_PIXELS,
  MOBILE_CELL_FACTOR,
  PADDING_DESKTOP_PX,
  PADDING_MOBILE_PX,
  PIXELS_PER_BOARD_SIDE,
} from './constants.js';

export interface SceneLayout {
  /** One board cell. */
  cell: number;
  /** Space around the grid. */
  padding: number;
  /** The grid (and the image): 25 cells. */
  gridSize: number;
  /** The whole scene: grid plus padding on both sides. */
  worldSize: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Rounds away float noise (19.6 x 25 is 489.99999...). */
function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

export function sceneLayout(mobile: boolean): SceneLayout {
  const cell = round3(mobile ? BOARD_CELL_PX * MOBILE_CELL_FACTOR : BOARD_CELL_PX);
  const padding = mobile ? PADDING_MOBILE_PX : PADDING_DESKTOP_PX;
  const gridSize = round3(cell * BOARDS_PER_SIDE);
  return { cell, padding, gridSize, worldSize: gridSize + 2 * padding };
}

/** The board under a world point, or null outside the grid. */
export function boardAtWorld(layout: SceneLayout, world: Point): number | null {
  const gx = world.x - layout.padding;
  const gy = world.y - layout.padding;
  if (gx < 0 || gy < 0 || gx >= layout.gridSize || gy >= layout.gridSize) return null;
  const col = Math.min(BOARDS_PER_SIDE - 1, Math.floor(gx / layout.cell));
  const row = Math.min(BOARDS_PER_SIDE - 1, Math.floor(gy / layout.cell));
  return row * BOARDS_PER_SIDE + col;
}

/** A board's cell in world units. */
export function boardWorldRect(layout: SceneLayout, boardIndex: number): Rect {
  const { row, col } = boardRowCol(boardIndex);
  return {
    x: layout.padding + col * layout.cell,
    y: layout.padding + row * layout.cell,
    width: layout.cell,
    height: layout.cell,
  };
}

export function isBoardIndex(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < BOARD_COUNT;
}

export function isBoardPixel(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < PIXELS_PER_BOARD_SIDE;
}

/** row = floor(index / 25), col = index mod 25. */
export function boardRowCol(boardIndex: number): { row: number; col: number } {
  return { row: Math.floor(boardIndex / BOARDS_PER_SIDE), col: boardIndex % BOARDS_PER_SIDE };
}

/** A board pixel's position in the composite image at scale 1: (col * 49 + x, row * 49 + y). */
export function canvasPixelOf(boardIndex: number, x: number, y: number): Point {
  const { row, col } = boardRowCol(boardIndex);
  return { x: col * PIXELS_PER_BOARD_SIDE + x, y: row * PIXELS_PER_BOARD_SIDE + y };
}

/** The inverse of canvasPixelOf; null outside the 1225 x 1225 image. */
export function boardPixelAt(
  canvasX: number,
  canvasY: number,
): { boardIndex: number; x: number; y: number } | null {
  if (!Number.isInteger(canvasX) || !Number.isInteger(canvasY)) return null;
  if (canvasX < 0 || canvasY < 0 || canvasX >= CANVAS_PIXELS || canvasY >= CANVAS_PIXELS) return null;
  const col = Math.floor(canvasX / PIXELS_PER_BOARD_SIDE);
  const row = Math.floor(canvasY / PIXELS_PER_BOARD_SIDE);
  return {
    boardIndex: row * BOARDS_PER_SIDE + col,
    x: canvasX - col * PIXELS_PER_BOARD_SIDE,
    y: canvasY - row * PIXELS_PER_BOARD_SIDE,
  };
}
