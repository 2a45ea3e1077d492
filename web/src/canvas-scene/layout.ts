// Scene layout in world units (CSS pixels at zoom 1): a padded square holding the 25 x 25 board grid,
// with the composite image drawn over the grid. Hit-testing maps a world point to a board index.
import { BOARDS_PER_SIDE, CANVAS_SIZE, boardIndexAt, boardPosition } from '@tessera/facts/grid';
import {
  BOARD_CELL_PX,
  FOCUS_PIXEL_SCREEN_PX,
  MOBILE_CELL_FACTOR,
  PADDING_DESKTOP_PX,
  PADDING_MOBILE_PX,
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
  return boardIndexAt(row, col);
}

/** A board's cell in world units. */
export function boardWorldRect(layout: SceneLayout, boardIndex: number): Rect {
  const { row, col } = boardPosition(boardIndex);
  return {
    x: layout.padding + col * layout.cell,
    y: layout.padding + row * layout.cell,
    width: layout.cell,
    height: layout.cell,
  };
}

/** Screen pixels one canvas pixel covers at a zoom. */
export function canvasPixelScreenSize(layout: SceneLayout, zoom: number): number {
  return (layout.gridSize * zoom) / CANVAS_SIZE;
}

/** A canvas pixel (whole-canvas coordinates, 0..1224) as its world rectangle. */
export function canvasPixelWorldRect(layout: SceneLayout, p: Point): Rect {
  const size = layout.gridSize / CANVAS_SIZE;
  return { x: layout.padding + p.x * size, y: layout.padding + p.y * size, width: size, height: size };
}

/** The zoom that shows one canvas pixel FOCUS_PIXEL_SCREEN_PX large (the deep link's zoom). */
export function focusZoom(layout: SceneLayout): number {
  return (FOCUS_PIXEL_SCREEN_PX * CANVAS_SIZE) / layout.gridSize;
}
