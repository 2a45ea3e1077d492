/** Canvas geometry (spec section 1 and 9): 25 x 25 boards of 49 x 49 pixels, 1225 x 1225 in all. */
export const BOARDS_PER_SIDE = 25;
export const BOARD_SIZE = 49;
export const TOTAL_BOARDS = BOARDS_PER_SIDE * BOARDS_PER_SIDE; // 625
export const PIXELS_PER_BOARD = BOARD_SIZE * BOARD_SIZE; // 2401
export const CANVAS_SIZE = BOARDS_PER_SIDE * BOARD_SIZE; // 1225
export const UNOWNED_COLOR = '#FFFFFF';
export const FALLBACK_DEFAULT_COLOR = '#CCCCCC';

export interface BoardPosition {
  row: number;
  col: number;
}

export function isBoardIndex(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < TOTAL_BOARDS;
}

export function isPixelCoordinate(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < BOARD_SIZE;
}

/** row = floor(index / 25), col = index mod 25. */
export function boardPosition(boardIndex: number): BoardPosition {
  if (!isBoardIndex(boardIndex))
    throw new RangeError(`board index must be an integer from 0 to ${TOTAL_BOARDS - 1}`);
  return { row: Math.floor(boardIndex / BOARDS_PER_SIDE), col: boardIndex % BOARDS_PER_SIDE };
}

export function boardIndexAt(row: number, col: number): number {
  if (
    !Number.isInteger(row) ||
    !Number.isInteger(col) ||
    row < 0 ||
    col < 0 ||
    row >= BOARDS_PER_SIDE ||
    col >= BOARDS_PER_SIDE
  ) {
    throw new RangeError('row and col must be integers from 0 to 24');
  }
  return row * BOARDS_PER_SIDE + col;
}

/** Index of pixel (x, y) inside a board's row-major arrays. */
export function pixelOffset(x: number, y: number): number {
  if (!isPixelCoordinate(x) || !isPixelCoordinate(y))
    throw new RangeError(`x and y must be integers from 0 to ${BOARD_SIZE - 1}`);
  return y * BOARD_SIZE + x;
}

/** Canvas-wide coordinates of pixel (x, y) of a board. */
export function canvasCoordinates(boardIndex: number, x: number, y: number): { x: number; y: number } {
  const { row, col } = boardPosition(boardIndex);
  pixelOffset(x, y);
  return { x: col * BOARD_SIZE + x, y: row * BOARD_SIZE + y };
}

/** The board and in-board coordinates of a canvas-wide pixel. */
export function locateCanvasPixel(cx: number, cy: number): { boardIndex: number; x: number; y: number } {
  if (
    !Number.isInteger(cx) ||
    !Number.isInteger(cy) ||
    cx < 0 ||
    cy < 0 ||
    cx >= CANVAS_SIZE ||
    cy >= CANVAS_SIZE
  ) {
    throw new RangeError(`canvas coordinates must be integers from 0 to ${CANVAS_SIZE - 1}`);
  }
  return {
    boardIndex: boardIndexAt(Math.floor(cy / BOARD_SIZE), Math.floor(cx / BOARD_SIZE)),
    x: cx % BOARD_SIZE,
    y: cy % BOARD_SIZE,
  };
}

const HEX = /^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$/;

/** '#abc', 'aabbcc' or '#AABBCC' -> '#AABBCC'; anything else -> null. */
export function normalizeHexColor(value: string): string | null {
  const m = HEX.exec(value.trim());
  if (!m?.[1]) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return `#${hex.toUpperCase()}`;
}
