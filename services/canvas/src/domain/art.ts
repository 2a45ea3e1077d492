/** Whole-canvas packed RGB (1225 x 1225 x 3 bytes, row-major) -> one board's hex default colours. */
import { BOARD_SIZE, boardOrigin, CANVAS_SIZE, PIXELS_PER_BOARD } from '@tessera/facts/grid';

export const CANVAS_RGB_BYTES = CANVAS_SIZE * CANVAS_SIZE * 3;

export function boardColorsFromCanvasRgb(rgb: Uint8Array, boardIndex: number): string {
  if (rgb.length !== CANVAS_RGB_BYTES) throw new RangeError(`default colours need ${CANVAS_RGB_BYTES} bytes`);
  const { x: ox, y: oy } = boardOrigin(boardIndex);
  const out = Buffer.alloc(PIXELS_PER_BOARD * 3);
  for (let y = 0; y < BOARD_SIZE; y++) {
    const start = ((oy + y) * CANVAS_SIZE + ox) * 3;
    out.set(rgb.subarray(start, start + BOARD_SIZE * 3), y * BOARD_SIZE * 3);
  }
  return out.toString('hex').toUpperCase();
}
