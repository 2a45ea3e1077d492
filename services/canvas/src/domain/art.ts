/** Whole-canvas packed RGB (1225 x 1225 x 3 bytes, row-major) -> one board's hex default colours. */
import { BOARD_SIZE, BOARDS_PER_SIDE, CANVAS_SIZE, isBoardIndex } from './geometry.js';

export const CANVAS_RGB_BYTES = CANVAS_SIZE * CANVAS_SIZE * 3;

export function boardColorsFromCanvasRgb(rgb: Uint8Array, boardIndex: number): string {
  if (rgb.length !== CANVAS_RGB_BYTES) throw new RangeError(`default colours need ${CANVAS_RGB_BYTES} bytes`);
  if (!isBoardIndex(boardIndex)) throw new RangeError('bad board index');
  const ox = (boardIndex % BOARDS_PER_SIDE) * BOARD_SIZE;
  const oy = Math.floor(boardIndex / BOARDS_PER_SIDE) * BOARD_SIZE;
  const out = Buffer.alloc(BOARD_SIZE * BOARD_SIZE * 3);
  for (let y = 0; y < BOARD_SIZE; y++) {
    const start = ((oy + y) * CANVAS_SIZE + ox) * 3;
    out.set(rgb.subarray(start, start + BOARD_SIZE * 3), y * BOARD_SIZE * 3);
  }
  return out.toString('hex').toUpperCase();
}
