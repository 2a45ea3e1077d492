/** Whole-canvas packed RGB (1225 x 1225 x 3 bytes, row-major) -> one board's hex default colours. */
import { BOARD_RGB_BYTES, copyBoardTile } from '@tessera/facts/grid';

/** The board's tile as the board document stores colours (2401 x 6 upper-case hex digits). */
export function boardColorsFromCanvasRgb(rgb: Uint8Array, boardIndex: number): string {
  return Buffer.from(copyBoardTile(rgb, boardIndex, new Uint8Array(BOARD_RGB_BYTES)))
    .toString('hex')
    .toUpperCase();
}
