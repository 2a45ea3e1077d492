/**
 * Argument checks of the RPCs: the shared rules of @tessera/facts (inputs, orders) turned into this
 * service's errors, INVALID_ARGUMENT naming the field; and CreateCanvas's own arguments.
 */
import { appError, refuseInput } from '@tessera/kit';
import { CANVAS_RGB_BYTES, CANVAS_SIZE } from '@tessera/facts/grid';
import { boardIndexProblem, canvasIndexProblem, orderIdProblem, userIdProblem } from '@tessera/facts/inputs';
import { readOrderPixels, type CheckedPixel, type RequestedPixel } from '@tessera/facts/orders';

export const checkCanvasIndex = (value: number): void => refuseInput(canvasIndexProblem(value));
export const checkBoardIndex = (value: number): void => refuseInput(boardIndexProblem(value));
export const checkUserId = (value: string): void => refuseInput(userIdProblem(value));
export const checkOrderId = (value: string): void => refuseInput(orderIdProblem(value));

/** An order's pixels, checked and in stored form (field `pixels`). */
export function checkOrderPixels(pixels: readonly RequestedPixel[]): CheckedPixel[] {
  const read = readOrderPixels(pixels);
  refuseInput(read.problem);
  return read.pixels;
}

export const CANVAS_NAME_MAX = 100;
export const CANVAS_DESCRIPTION_MAX = 1000;
export const SOURCE_ID_MAX = 200;
export const ARTIST_MAX = 100;

/**
 * CreateCanvas's arguments: a name, a description, 1225 x 1225 packed RGB, an optional source id and
 * an optional artist name.
 */
export function checkNewCanvas(
  name: string,
  description: string,
  rgb: Uint8Array,
  source: string,
  artist = '',
): void {
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
  if (artist.trim().length > ARTIST_MAX)
    throw appError('VALIDATION_ERROR', `artist must be at most ${ARTIST_MAX} characters`, {
      field: 'artist',
    });
  if (rgb.length !== CANVAS_RGB_BYTES)
    throw appError(
      'VALIDATION_ERROR',
      `default_colors must be ${CANVAS_RGB_BYTES} bytes (${CANVAS_SIZE} x ${CANVAS_SIZE} packed RGB), got ${rgb.length}`,
      { field: 'default_colors' },
    );
}
