// One board's pixels (spec sections 3 and 7): GET /pixels/canvas/{canvasIndex}/board/{boardIndex}.
import { FALLBACK_DEFAULT_COLOR, UNOWNED_COLOR, canonicalColor } from '@tessera/facts/colour';
import { isPixelCoordinate } from '@tessera/facts/grid';
import type { ApiClient } from '../../api/client.js';
import { isRecord, readInt, readString } from '../../lib/json.js';
import { pixelKey } from '../../lib/pixel-key.js';

export interface PixelRecord {
  currentColor: string;
  defaultColor: string;
  /** The buyer; a pixel with an owner can never change again in this iteration. */
  userId: string | null;
}

/** Keyed "x-y". */
export type PixelMap = ReadonlyMap<string, PixelRecord>;

/**
 * Reads `{success, data: [pixel, ...]}`; pixels outside 0..48 or without coordinates are ignored. A
 * colour that is not the wire form '#RRGGBB' counts as missing: the default falls back to #CCCCCC,
 * the current colour to the default.
 */
export function toPixelMap(body: unknown): Map<string, PixelRecord> {
  const map = new Map<string, PixelRecord>();
  const list = isRecord(body) ? body.data : null;
  if (!Array.isArray(list)) return map;
  for (const p of list as unknown[]) {
    if (!isRecord(p)) continue;
    const x = readInt(p.x);
    const y = readInt(p.y);
    if (x === null || y === null || !isPixelCoordinate(x) || !isPixelCoordinate(y)) continue;
    const defaultColor = canonicalColor(p.default_color) ?? FALLBACK_DEFAULT_COLOR;
    map.set(pixelKey(x, y), {
      currentColor: canonicalColor(p.current_color) ?? defaultColor,
      defaultColor,
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
  if (isRecord(body) && body.success === false) {
    throw new Error('Failed to load board pixels');
  }
  return toPixelMap(body);
}
