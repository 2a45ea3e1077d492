// One board's pixels (spec sections 3 and 7): GET /pixels/canvas/{canvasIndex}/board/{boardIndex}
// (`BoardPixelsResponse` of `@tessera/api/pixels`).
import type { BoardPixel, BoardPixelsResponse } from '@tessera/api/pixels';
import { UNOWNED_COLOR } from '@tessera/facts/colour';
import type { ApiClient } from '../../api/client.js';
import { fieldsOf, readString } from '../../lib/json.js';
import { pixelKey } from '../../lib/pixel-key.js';
import { readServerPixel } from '../../lib/server-pixel.js';

export interface PixelRecord {
  currentColor: string;
  defaultColor: string;
  /** The buyer; a pixel with an owner can never change again in this iteration. */
  userId: string | null;
}

/** Keyed "x-y". */
export type PixelMap = ReadonlyMap<string, PixelRecord>;

/**
 * Reads `{success, data: [pixel, ...]}` with the web app's one pixel reader (lib/server-pixel.ts):
 * pixels outside 0..48 or without coordinates are ignored, a missing current colour is white and a
 * missing default colour #CCCCCC.
 */
export function toPixelMap(body: unknown): Map<string, PixelRecord> {
  const map = new Map<string, PixelRecord>();
  const list = fieldsOf<BoardPixelsResponse>(body)?.data;
  if (!Array.isArray(list)) return map;
  for (const raw of list as unknown[]) {
    const p = fieldsOf<BoardPixel>(raw);
    if (p === null) continue;
    const pixel = readServerPixel(p);
    if (!pixel) continue;
    map.set(pixelKey(pixel.x, pixel.y), {
      currentColor: pixel.currentColor,
      defaultColor: pixel.defaultColor,
      userId: readString(p.user_id),
    });
  }
  return map;
}

/** A pixel the server did not list is white with no owner. */
export function pixelAt(map: PixelMap, x: number, y: number): PixelRecord {
  return (
    map.get(pixelKey(x, y)) ?? { currentColor: UNOWNED_COLOR, defaultColor: UNOWNED_COLOR, userId: null }
  );
}

export async function fetchBoardPixels(
  api: ApiClient,
  canvasIndex: number,
  boardIndex: number,
  signal?: AbortSignal,
): Promise<Map<string, PixelRecord>> {
  const body = await api.get<unknown>(`/pixels/canvas/${canvasIndex}/board/${boardIndex}`, {
    auth: 'optional',
    signal,
  });
  if (fieldsOf<BoardPixelsResponse>(body)?.success === false) {
    throw new Error('Failed to load board pixels');
  }
  return toPixelMap(body);
}
