// The canvas feature's queries (TanStack Query `queryOptions` factories) and their keys.
import { queryOptions } from '@tanstack/react-query';
import { ACTIVE_CANVAS_CACHE_SEC } from '@tessera/facts/http';
import type { ApiClient } from '../../api/client.js';
import { fetchActiveCanvas } from './active-canvas.js';

export const canvasQueryKeys = {
  active: ['canvas', 'active'] as const,
};

/** GET /canvases/active as the client manifest; cached as long as the BFF's Cache-Control allows. */
export const activeCanvasQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: canvasQueryKeys.active,
    queryFn: ({ signal }) => fetchActiveCanvas(api, signal),
    staleTime: ACTIVE_CANVAS_CACHE_SEC * 1000,
    // A failed load stays on the page with its "Retry Loading" button: showing it does not refetch.
    retryOnMount: false,
  });
