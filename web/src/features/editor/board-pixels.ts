// One board's pixels (spec sections 3 and 7): GET /pixels/canvas/{canvasIndex}/board/{boardIndex}.
import type { ApiClient } from '../../api/client.js';
import { isPixelCoordinate } from '../../lib/board.js';

export interface PixelRecord {
  currentColor: string;
  defaultColor: string;
  /** The buyer; a pixel with an owner can never change again in this iteration. */
  userId: string | null;
}

/** Keyed "x-y". */
export type PixelMap = ReadonlyMap<string, PixelRecord>;

export const UNOWNED_WHITE = '#FFFFFF';
export const FALLBACK_DEFAULT_COLOR = '#CCCCCC';

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

function colour(value: unknown): string | null {
  return typeof value === 'string' && HEX.test(value) ? value.toUpperCase() : null;
}

export function pixelKey(x: number, y: number): string {
  return `${x}-${y}`;
}

/** Reads `{success, data: [pixel, ...]}`; pixels outside 0..48 or without coordinates are ignored. */
export function toPixelMap(body: unknown): Map<string, PixelRecord> {
  const map = new Map<string, PixelRecord>();
  const list = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : null;
  if (!Array.isArray(list)) return map;
  for (const item of list as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const p = item as Record<string, unknown>;
    const x = Number(p.x);
    const y = Number(p.y);
    if (!isPixelCoordinate(x) || !isPixelCoordinate(y)) continue;
    const defaultColor = colour(p.default_color) ?? FALLBACK_DEFAULT_COLOR;
    const owner = p.user_id;
    map.set(pixelKey(x, y), {
      currentColor: colour(p.current_color) ?? defaultColor,
      defaultColor,
      userId:
        typeof owner === 'string' && owner !== '' ? owner : typeof owner === 'number' ? String(owner) : null,
    });
  }
  return map;
}

/** A pixel the server did not list is white with no owner. */
export function pixelAt(map: PixelMap, x: number, y: number): PixelRecord {
  return (
    map.get(pixelKey(x, y)) ?? { currentColor: UNOWNED_WHITE, defaultColor: UNOWNED_WHITE, userId: null }
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
  if (typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false) {
    throw new Error('Failed to load board pixels');
  }
  return toPixelMap(body);
}
