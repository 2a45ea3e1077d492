// Canvas geometry (spec sections 1, 3 and 9): 25 x 25 boards of 49 x 49 pixels, defined once in @tessera/facts.
export {
  BOARDS_PER_SIDE,
  TOTAL_BOARDS as BOARD_COUNT,
  BOARD_SIZE as PIXELS_PER_SIDE,
  boardPosition,
  isBoardIndex,
  isPixelCoordinate,
} from '@tessera/facts/grid';
