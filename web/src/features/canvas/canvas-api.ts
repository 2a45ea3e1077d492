// Canvas-page calls (spec section 7): the composite image URL and the random available pixel, with the
// pixel-search messages of spec section 8.
import type { AvailablePixel as AvailablePixelJson, AvailablePixelResponse } from '@tessera/api/pixels';
import { isBoardIndex } from '@tessera/facts/grid';
import { COMPOSITE_QUERY, compositePath } from '@tessera/facts/render';
import type { ApiClient } from '../../api/client.js';
import { isApiError } from '../../api/errors.js';
import { fieldsOf, readInt } from '../../lib/json.js';
import { readServerPixel, type ServerPixel } from '../../lib/server-pixel.js';

export type ViewMode = 'live' | 'preview';

/**
 * GET /api/canvas-composite/canvas/{c}/render?format=webp&scale=1&quality=95&grid=false&preview=&t=:
 * the page's image (COMPOSITE_IMAGE, the only one the BFF serves) in a view, `t` the cache buster.
 */
export function renderUrl(canvasIndex: number, mode: ViewMode, timestamp: number): string {
  const query = new URLSearchParams({
    ...COMPOSITE_QUERY,
    preview: String(mode === 'preview'),
    t: String(timestamp),
  });
  return `${compositePath(canvasIndex)}?${query.toString()}`;
}

export interface AvailablePixel extends ServerPixel {
  boardIndex: number;
}

export const PIXEL_SEARCH_MESSAGES = {
  loading: 'Loading canvas data...',
  noCanvas: 'No active canvas found',
  noneFound: 'No available pixels found',
  notFound: 'No pixels available',
  badRequest: 'Invalid request',
  serverError: 'Server error',
  failed: 'Search failed',
} as const;

export function pixelFoundMessage(pixel: { x: number; y: number }): string {
  return `Perfect spot found at ${pixel.x},${pixel.y}!`;
}

export class PixelSearchError extends Error {
  override readonly name = 'PixelSearchError';
}

/** Reads `{success, data: {board_index, x, y, current_color, default_color}}`; null when unusable. */
export function toAvailablePixel(raw: unknown): AvailablePixel | null {
  const body = fieldsOf<AvailablePixelResponse>(raw);
  const data = fieldsOf<AvailablePixelJson>(body?.data);
  if (body === null || body.success === false || data === null) return null;
  const boardIndex = readInt(data.board_index);
  const pixel = readServerPixel(data);
  if (boardIndex === null || !isBoardIndex(boardIndex) || !pixel) return null;
  return { boardIndex, ...pixel };
}

/** The message for a failed search: 404, 400 and 500 have their own, anything else "Search failed". */
export function pixelSearchErrorMessage(error: unknown): string {
  if (error instanceof PixelSearchError) return error.message;
  if (isApiError(error)) {
    if (error.status === 404) return PIXEL_SEARCH_MESSAGES.notFound;
    if (error.status === 400) return PIXEL_SEARCH_MESSAGES.badRequest;
    if (error.status === 500) return PIXEL_SEARCH_MESSAGES.serverError;
  }
  return PIXEL_SEARCH_MESSAGES.failed;
}

/** GET /pixels/available/random?canvas_index={n} (signed in). */
export async function findRandomAvailablePixel(
  api: ApiClient,
  canvasIndex: number,
  signal?: AbortSignal,
): Promise<AvailablePixel> {
  const body = await api.get<unknown>('/pixels/available/random', {
    query: { canvas_index: canvasIndex },
    auth: 'required',
    signal,
  });
  const pixel = toAvailablePixel(body);
  if (!pixel) throw new PixelSearchError(PIXEL_SEARCH_MESSAGES.noneFound);
  return pixel;
}
