// Query factories of the board editor.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.js';
import { fetchBoardPixels } from './board-pixels.js';

/** Pixel loading is tried 3 times: the first try, then retries after 2 s and 4 s (spec section 4). */
export const PIXEL_LOAD_ATTEMPTS = 3;
export const pixelRetryDelayMs = (failures: number): number => 2000 * 2 ** failures;

export const boardPixelsQueryOptions = (api: ApiClient, canvasIndex: number, boardIndex: number) =>
  queryOptions({
    queryKey: ['pixels', canvasIndex, boardIndex] as const,
    queryFn: ({ signal }) => fetchBoardPixels(api, canvasIndex, boardIndex, signal),
    retry: PIXEL_LOAD_ATTEMPTS - 1,
    retryDelay: pixelRetryDelayMs,
  });
