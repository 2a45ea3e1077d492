// Canvas geometry (spec sections 1, 3 and 9): 25 x 25 boards of 49 x 49 pixels.

export const BOARDS_PER_SIDE = 25;
export const BOARD_COUNT = BOARDS_PER_SIDE * BOARDS_PER_SIDE;
export const PIXELS_PER_SIDE = 49;

export function isBoardIndex(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < BOARD_COUNT;
}

/** Zero-based row and column of a board: row = floor(index / 25), col = index mod 25. */
export function boardPosition(boardIndex: number): { row: number; col: number } {
  return { row: Math.floor(boardIndex / BOARDS_PER_SIDE), col: boardIndex % BOARDS_PER_SIDE };
}

export function isPixelCoordinate(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < PIXELS_PER_SIDE;
}
