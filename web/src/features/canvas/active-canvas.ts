// The active canvas (spec sections 3 and 7): GET /canvases/active (`@tessera/api/canvas`), mapped to the
// client manifest.
import type { ActiveCanvas, ActiveCanvasResponse } from '@tessera/api/canvas';
import type { ApiClient } from '../../api/client.js';
import { isApiError } from '../../api/errors.js';
import { TOTAL_BOARDS } from '@tessera/facts/grid';
import { fieldsOf, readInt } from '../../lib/json.js';

export interface CanvasManifest {
  canvasIndex: number;
  canvasName: string;
  description: string;
  totalBoards: number;
  format: 'webp' | 'png';
  scale: number;
  isActive: boolean;
  /** Every pixel is sold and no next artwork was chosen yet (the gallery keeps showing this one). */
  soldOut: boolean;
}

/** Used when no active canvas can be loaded. */
export const DEFAULT_CANVAS_MANIFEST: CanvasManifest = {
  canvasIndex: 0,
  canvasName: 'Default Canvas',
  description: '',
  totalBoards: TOTAL_BOARDS,
  format: 'webp',
  scale: 2,
  isActive: true,
  soldOut: false,
};

/** Reads `{success, data: [canvas, ...]}` (first item used). Null when there is no active canvas. */
export function toCanvasManifest(raw: unknown): CanvasManifest | null {
  const body = fieldsOf<ActiveCanvasResponse>(raw);
  if (body === null || body.success === false) return null;
  const first = Array.isArray(body.data) ? fieldsOf<ActiveCanvas>(body.data[0]) : null;
  if (first === null) return null;
  const index = readInt(first.canvas_index);
  if (index === null || index < 0) return null;
  return {
    ...DEFAULT_CANVAS_MANIFEST,
    canvasIndex: index,
    canvasName: typeof first.name === 'string' && first.name.trim() ? first.name : `Canvas ${index}`,
    description: typeof first.description === 'string' ? first.description : '',
    isActive: first.is_active !== false,
    soldOut: first.sold_out === true,
  };
}

export async function fetchActiveCanvas(api: ApiClient, signal?: AbortSignal): Promise<CanvasManifest> {
  let body: unknown;
  try {
    // revalidated with the server: after a canvas switch the browser's HTTP cache (max-age 300) must not
    // answer the previous canvas; the 5 minutes of caching are the query's staleTime
    body = await api.get<unknown>('/canvases/active', { auth: 'optional', signal, cache: 'no-cache' });
  } catch (error) {
    if (isApiError(error) && error.status > 0) {
      throw new Error(`Failed to fetch active canvas: ${error.status} ${error.statusText}`.trim(), {
        cause: error,
      });
    }
    throw error instanceof Error ? error : new Error('Failed to load active canvas');
  }
  const manifest = toCanvasManifest(body);
  if (manifest === null) throw new Error('No active canvas found');
  return manifest;
}
