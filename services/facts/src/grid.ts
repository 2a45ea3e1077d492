/**
 * Canvas geometry (spec sections 1, 3 and 9), defined once for the services, the BFF and the web app:
 * a canvas is 25 x 25 boards of 49 x 49 pixels, 1225 x 1225 pixels in all. Boards are numbered
 * row-major from 0 to 624; a pixel inside a board is (x, y) with 0 <= x, y < 49, stored row-major
 * at offset y * 49 + x. Pure: no I/O, no Node API (the web bundle imports it).
 */
export const BOARDS_PER_SIDE = 25;
/** Pixels along one side of a board. */
export const BOARD_SIZE = 49;
export const TOTAL_BOARDS = BOARDS_PER_SIDE * BOARDS_PER_SIDE;
export const PIXELS_PER_BOARD = BOARD_SIZE * BOARD_SIZE;
/** Pixels along one side of the whole canvas (the composite image at scale 1). */
export const CANVAS_SIZE = BOARDS_PER_SIDE * BOARD_SIZE;
export const TOTAL_PIXELS = TOTAL_BOARDS * PIXELS_PER_BOARD;
/** The highest canvas index: the contracts carry it as an int32 (`canvas_index`). */
export const MAX_CANVAS_INDEX = 0x7fffffff;
/** One board's colours as packed RGB (3 bytes a pixel, row-major): 7,203 bytes. */
export const BOARD_RGB_BYTES = PIXELS_PER_BOARD * 3;
/** A whole canvas as packed RGB (1225 x 1225 x 3 bytes, row-major): 4,501,875 bytes. */
export const CANVAS_RGB_BYTES = CANVAS_SIZE * CANVAS_SIZE * 3;

export interface BoardPosition {
  row: number;
  col: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface BoardPixel {
  boardIndex: number;
  x: number;
  y: number;
}

/** True for a canvas index: an integer from 0 to MAX_CANVAS_INDEX. */
export function isCanvasIndex(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= MAX_CANVAS_INDEX;
}

export function isBoardIndex(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < TOTAL_BOARDS;
}

/** True for an in-board coordinate (x or y). */
export function isPixelCoordinate(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < BOARD_SIZE;
}

function assertBoardIndex(boardIndex: number): void {
  if (!isBoardIndex(boardIndex))
    throw new RangeError(`board index must be an integer from 0 to ${TOTAL_BOARDS - 1}`);
}

function assertPixel(x: number, y: number): void {
  if (!isPixelCoordinate(x) || !isPixelCoordinate(y))
    throw new RangeError(`x and y must be integers from 0 to ${BOARD_SIZE - 1}`);
}

/** row = floor(index / 25), col = index mod 25. Throws RangeError for a bad index. */
export function boardPosition(boardIndex: number): BoardPosition {
  assertBoardIndex(boardIndex);
  return { row: Math.floor(boardIndex / BOARDS_PER_SIDE), col: boardIndex % BOARDS_PER_SIDE };
}

/** The board at (row, col). Throws RangeError outside the grid. */
export function boardIndexAt(row: number, col: number): number {
  const ok = (v: number) => Number.isInteger(v) && v >= 0 && v < BOARDS_PER_SIDE;
  if (!ok(row) || !ok(col))
    throw new RangeError(`row and col must be integers from 0 to ${BOARDS_PER_SIDE - 1}`);
  return row * BOARDS_PER_SIDE + col;
}

/** The canvas pixel at a board's top-left corner. Throws RangeError for a bad index. */
export function boardOrigin(boardIndex: number): Point {
  const { row, col } = boardPosition(boardIndex);
  return { x: col * BOARD_SIZE, y: row * BOARD_SIZE };
}

/** Index of pixel (x, y) inside a board's row-major arrays. Throws RangeError off the board. */
export function pixelOffset(x: number, y: number): number {
  assertPixel(x, y);
  return y * BOARD_SIZE + x;
}

/** The inverse of pixelOffset. */
export function pixelAtOffset(offset: number): Point {
  return { x: offset % BOARD_SIZE, y: Math.floor(offset / BOARD_SIZE) };
}

/** Canvas-wide coordinates of pixel (x, y) of a board. Throws RangeError for bad input. */
export function canvasPixelOf(boardIndex: number, x: number, y: number): Point {
  assertPixel(x, y);
  const origin = boardOrigin(boardIndex);
  return { x: origin.x + x, y: origin.y + y };
}

/** The board and in-board coordinates of a canvas-wide pixel; null outside the canvas. */
export function boardPixelAt(cx: number, cy: number): BoardPixel | null {
  const inside = (v: number) => Number.isInteger(v) && v >= 0 && v < CANVAS_SIZE;
  if (!inside(cx) || !inside(cy)) return null;
  const col = Math.floor(cx / BOARD_SIZE);
  const row = Math.floor(cy / BOARD_SIZE);
  return { boardIndex: row * BOARDS_PER_SIDE + col, x: cx - col * BOARD_SIZE, y: cy - row * BOARD_SIZE };
}

/**
 * Copies one board's 49 x 49 tile out of a whole canvas of packed RGB (`src`, CANVAS_RGB_BYTES) into
 * `dst` (at least BOARD_RGB_BYTES), row-major like the board's own pixels, and returns `dst`. The
 * canvas service cuts a new canvas's default colours with it and the renderer its board thumbnails.
 * Throws RangeError for a bad board index or buffers of the wrong size.
 */
export function copyBoardTile(src: Uint8Array, boardIndex: number, dst: Uint8Array): Uint8Array {
  if (src.length !== CANVAS_RGB_BYTES)
    throw new RangeError(`a canvas is ${CANVAS_RGB_BYTES} bytes of packed RGB, not ${src.length}`);
  if (dst.length < BOARD_RGB_BYTES)
    throw new RangeError(`a board tile needs ${BOARD_RGB_BYTES} bytes, not ${dst.length}`);
  const { x: ox, y: oy } = boardOrigin(boardIndex);
  const row = BOARD_SIZE * 3;
  for (let y = 0; y < BOARD_SIZE; y++) {
    const from = ((oy + y) * CANVAS_SIZE + ox) * 3;
    dst.set(src.subarray(from, from + row), y * row);
  }
  return dst;
}
