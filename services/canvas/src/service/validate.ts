/** Argument checks shared by the RPCs: a bad argument is INVALID_ARGUMENT with the field named. */
import { appError } from '@tessera/kit';
import { CANVAS_SIZE, isBoardIndex, isPixelCoordinate, TOTAL_BOARDS } from '@tessera/facts/grid';
import { CANVAS_RGB_BYTES } from '../domain/art.js';
import { isCanvasIndex } from '../domain/canvas.js';

export function checkCanvasIndex(value: number): void {
  if (!isCanvasIndex(value))
    throw appError('VALIDATION_ERROR', 'canvas_index must be a non-negative integer', {
      field: 'canvas_index',
    });
}

export function checkBoardIndex(value: number): void {
  if (!isBoardIndex(value))
    throw appError('VALIDATION_ERROR', `board_index must be an integer from 0 to ${TOTAL_BOARDS - 1}`, {
      field: 'board_index',
    });
}

export function checkPixel(x: number, y: number): void {
  if (!isPixelCoordinate(x) || !isPixelCoordinate(y))
    throw appError('VALIDATION_ERROR', `Pixel (${x}, ${y}) is outside the board`, { field: 'pixels' });
}

export function checkId(value: string, field: string): void {
  if (typeof value !== 'string' || value.length === 0 || value.length > 200)
    throw appError('MISSING_FIELD', `${field} is required`, { field });
}

export const CANVAS_NAME_MAX = 100;
export const CANVAS_DESCRIPTION_MAX = 1000;
export const SOURCE_ID_MAX = 200;

/** CreateCanvas's arguments: a name, a description, 1225 x 1225 packed RGB, an optional source id. */
export function checkNewCanvas(name: string, description: string, rgb: Uint8Array, source: string): void {
  const n = name.trim();
  if (!n) throw appError('MISSING_FIELD', 'name is required', { field: 'name' });
  if (n.length > CANVAS_NAME_MAX)
    throw appError('VALIDATION_ERROR', `name must be at most ${CANVAS_NAME_MAX} characters`, {
      field: 'name',
    });
  if (description.trim().length > CANVAS_DESCRIPTION_MAX)
    throw appError('VALIDATION_ERROR', `description must be at most ${CANVAS_DESCRIPTION_MAX} characters`, {
      field: 'description',
    });
  if (source.length > SOURCE_ID_MAX)
    throw appError('VALIDATION_ERROR', `source_submission_id must be at most ${SOURCE_ID_MAX} characters`, {
      field: 'source_submission_id',
    });
  if (rgb.length !== CANVAS_RGB_BYTES)
    throw appError(
      'VALIDATION_ERROR',
      `default_colors must be ${CANVAS_RGB_BYTES} bytes (${CANVAS_SIZE} x ${CANVAS_SIZE} packed RGB), got ${rgb.length}`,
      { field: 'default_colors' },
    );
}
