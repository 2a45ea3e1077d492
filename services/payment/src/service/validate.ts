/** Checks of RPC inputs (bad input is INVALID_ARGUMENT with the field, never a crash). */
import { BOARD_SIZE, TOTAL_BOARDS } from '@tessera/facts/grid';
import { appError } from '@tessera/kit';
import type { PixelChange } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import type { OrderPixel } from '../domain/order.js';
import { MAX_PIXELS_PER_ORDER } from '@tessera/facts/pricing';

export function checkId(value: string, field: string): void {
  if (value === '' || value.length > 200 || !/^[\w.:-]+$/.test(value))
    throw appError('VALIDATION_ERROR', `${field} is missing or malformed`, { field });
}

export function checkUser(userId: string): void {
  if (userId === '') throw appError('UNAUTHORIZED', 'Authentication required');
  checkId(userId, 'user_id');
}

export function checkPlace(canvasIndex: number, boardIndex: number): void {
  if (!Number.isInteger(canvasIndex) || canvasIndex < 0)
    throw appError('VALIDATION_ERROR', 'canvasIndex must be a non-negative integer', {
      field: 'canvasIndex',
    });
  if (!Number.isInteger(boardIndex) || boardIndex < 0 || boardIndex >= TOTAL_BOARDS)
    throw appError('VALIDATION_ERROR', `boardIndex must be an integer from 0 to ${TOTAL_BOARDS - 1}`, {
      field: 'boardIndex',
    });
}

/** The requested pixels: 1..2401, inside the board, no repeats, custom colours as #RRGGBB. */
export function checkPixels(pixels: readonly PixelChange[]): OrderPixel[] {
  if (pixels.length === 0)
    throw appError('VALIDATION_ERROR', 'Select at least one pixel to buy', { field: 'pixels' });
  if (pixels.length > MAX_PIXELS_PER_ORDER)
    throw appError('VALIDATION_ERROR', `An order holds at most ${MAX_PIXELS_PER_ORDER} pixels`, {
      field: 'pixels',
    });
  const seen = new Set<number>();
  return pixels.map((p) => {
    if (
      !Number.isInteger(p.x) ||
      !Number.isInteger(p.y) ||
      p.x < 0 ||
      p.y < 0 ||
      p.x >= BOARD_SIZE ||
      p.y >= BOARD_SIZE
    )
      throw appError('VALIDATION_ERROR', `Pixel (${p.x}, ${p.y}) is outside the board`, { field: 'pixels' });
    const key = p.y * BOARD_SIZE + p.x;
    if (seen.has(key))
      throw appError('VALIDATION_ERROR', `Pixel (${p.x}, ${p.y}) is listed twice`, { field: 'pixels' });
    seen.add(key);
    if (!p.isDefault && !/^#[0-9A-Fa-f]{6}$/.test(p.color))
      throw appError('VALIDATION_ERROR', `Pixel (${p.x}, ${p.y}) needs a colour like #RRGGBB`, {
        field: 'pixels',
      });
    return { x: p.x, y: p.y, color: p.isDefault ? '' : p.color.toUpperCase(), isDefault: p.isDefault };
  });
}
