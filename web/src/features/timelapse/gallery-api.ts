// The gallery's calls: GET /api/gallery (the sold-out canvases and the current one) and the binary
// purchase history of a canvas, GET /api/canvas/{c}/history (fetched as a resource, like the canvas
// image: public, cached by its ETag). The gallery's body: `@tessera/api/gallery`.
import type { GalleryCanvas as GalleryCanvasJson, GalleryResponse } from '@tessera/api/gallery';
import { API_BASE } from '@tessera/facts/http';
import { decodeHistory, type History } from '@tessera/facts/timelapse';
import type { ApiClient } from '../../api/client.js';
import { fieldsOf, readInt } from '../../lib/json.js';

export interface GalleryCanvas {
  canvasIndex: number;
  name: string;
  artist: string;
  soldOut: boolean;
  startedAt: string;
  soldOutAt: string | null;
  soldPixels: number;
  totalPixels: number;
  /** The artist's 70% in cents (null while the canvas still sells). */
  artistShareCents: number | null;
}

export interface Gallery {
  canvases: GalleryCanvas[];
  current: GalleryCanvas | null;
}

function toGalleryCanvas(body: unknown): GalleryCanvas | null {
  const raw = fieldsOf<GalleryCanvasJson>(body);
  if (raw === null) return null;
  const canvasIndex = readInt(raw.canvas_index);
  const soldPixels = readInt(raw.sold_pixels);
  const totalPixels = readInt(raw.total_pixels);
  if (canvasIndex === null || soldPixels === null || totalPixels === null) return null;
  const share = readInt(raw.artist_share_cents);
  return {
    canvasIndex,
    name: typeof raw.name === 'string' ? raw.name : `Canvas ${canvasIndex}`,
    artist: typeof raw.artist === 'string' ? raw.artist : '',
    soldOut: raw.sold_out === true,
    startedAt: typeof raw.started_at === 'string' ? raw.started_at : '',
    soldOutAt: typeof raw.sold_out_at === 'string' ? raw.sold_out_at : null,
    soldPixels,
    totalPixels,
    artistShareCents: share,
  };
}

/** Reads `{success, data: {canvases: [...], current}}`. */
export function toGallery(body: unknown): Gallery {
  const data = fieldsOf<GalleryResponse['data']>(fieldsOf<GalleryResponse>(body)?.data);
  const list: unknown[] = Array.isArray(data?.canvases) ? data.canvases : [];
  return {
    canvases: list.map(toGalleryCanvas).filter((c): c is GalleryCanvas => c !== null),
    current: toGalleryCanvas(data?.current),
  };
}

export async function fetchGallery(api: ApiClient, signal?: AbortSignal): Promise<Gallery> {
  return toGallery(await api.get<unknown>('/gallery', { auth: 'none', signal }));
}

export function historyPath(canvasIndex: number): string {
  return `${API_BASE}/canvas/${canvasIndex}/history`;
}

export class HistoryLoadError extends Error {
  override readonly name = 'HistoryLoadError';
}

export async function fetchHistory(canvasIndex: number, signal?: AbortSignal): Promise<History> {
  const res = await fetch(historyPath(canvasIndex), { signal, credentials: 'same-origin' });
  if (res.status === 404) throw new HistoryLoadError('This canvas does not exist.');
  if (!res.ok) throw new HistoryLoadError('The timelapse could not be loaded. Please try again.');
  return decodeHistory(new Uint8Array(await res.arrayBuffer()));
}
