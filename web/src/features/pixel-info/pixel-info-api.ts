// Pixel info and the signed-in buyer's own pixels (issue 24; BFF README, "Pixel info"):
// GET /api/pixels/canvas/{c}/pixel?x=&y= and GET /api/pixels/canvas/{c}/mine (`@tessera/api/pixels`),
// read strictly.
import type {
  OwnPixelsResponse,
  PixelBuyer,
  PixelInfo as PixelInfoJson,
  PixelInfoResponse,
} from '@tessera/api/pixels';
import { CANVAS_SIZE } from '@tessera/facts/grid';
import type { ApiClient } from '../../api/client.js';
import { fieldsOf, readInt, readString, readTime } from '../../lib/json.js';

export type PixelKind = NonNullable<PixelInfoJson['kind']>;

export interface PixelInfo {
  /** Canvas-wide coordinates. */
  x: number;
  y: number;
  boardIndex: number;
  color: string;
  sold: boolean;
  /** null while unsold. */
  buyer: PixelBuyer | null;
  soldAt: number | null;
  kind: PixelKind | null;
  /** False when the kind of an older sale was derived from its colours. */
  kindRecorded: boolean;
  /** Put back to the artist's colour by moderation. */
  reset: boolean;
}

/** Reads `{success, data: {...}}`; null when the answer is not a pixel. */
export function toPixelInfo(body: unknown): PixelInfo | null {
  const d = fieldsOf<PixelInfoJson>(fieldsOf<PixelInfoResponse>(body)?.data);
  if (d === null) return null;
  const x = readInt(d.x);
  const y = readInt(d.y);
  const boardIndex = readInt(d.board_index);
  const color = readString(d.color);
  if (x === null || y === null || boardIndex === null || color === null) return null;
  const sold = d.sold === true;
  const b = fieldsOf<PixelBuyer>(d.buyer);
  const buyer = b ? { username: readString(b.username), anonymous: b.anonymous === true } : null;
  const kind = d.kind === 'artist' || d.kind === 'custom' ? d.kind : null;
  return {
    x,
    y,
    boardIndex,
    color,
    sold,
    buyer: sold ? (buyer ?? { username: null, anonymous: false }) : null,
    soldAt: sold ? readTime(d.sold_at) : null,
    kind: sold ? kind : null,
    kindRecorded: d.kind_recorded === true,
    reset: d.reset === true,
  };
}

export async function fetchPixelInfo(
  api: ApiClient,
  canvasIndex: number,
  p: { x: number; y: number },
  signal?: AbortSignal,
): Promise<PixelInfo> {
  const body = await api.get<unknown>(`/pixels/canvas/${canvasIndex}/pixel?x=${p.x}&y=${p.y}`, {
    auth: 'optional',
    signal,
  });
  const info = toPixelInfo(body);
  if (!info) throw new Error('Failed to load pixel info');
  return info;
}

/** A canvas-wide pixel as one number (y * 1225 + x), the key of the own-pixels set. */
export const canvasOffset = (x: number, y: number): number => y * CANVAS_SIZE + x;

/** Reads `{success, data: {pixels: [[x, y], ...]}}` into canvas offsets; bad entries are skipped. */
export function toOwnPixels(body: unknown): Set<number> {
  const out = new Set<number>();
  const list = fieldsOf<OwnPixelsResponse['data']>(fieldsOf<OwnPixelsResponse>(body)?.data)?.pixels;
  if (!Array.isArray(list)) return out;
  for (const item of list as unknown[]) {
    if (!Array.isArray(item)) continue;
    const x = readInt(item[0]);
    const y = readInt(item[1]);
    if (x === null || y === null || x < 0 || y < 0 || x >= CANVAS_SIZE || y >= CANVAS_SIZE) continue;
    out.add(canvasOffset(x, y));
  }
  return out;
}

export async function fetchOwnPixels(
  api: ApiClient,
  canvasIndex: number,
  signal?: AbortSignal,
): Promise<Set<number>> {
  return toOwnPixels(await api.get<unknown>(`/pixels/canvas/${canvasIndex}/mine`, { signal }));
}

export const pixelInfoKeys = {
  all: ['pixel-info'] as const,
  one: (canvasIndex: number, x: number, y: number) => ['pixel-info', canvasIndex, x, y] as const,
  own: (canvasIndex: number) => ['own-pixels', canvasIndex] as const,
};
