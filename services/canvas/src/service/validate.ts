/** Argument checks shared by the RPCs: a bad argument is INVALID_ARGUMENT with the field named. */
import { appError } from '@tessera/kit';
import { isBoardIndex, isPixelCoordinate, TOTAL_BOARDS } from '@tessera/facts/grid';
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
