// The timelapse feature's queries (TanStack Query `queryOptions` factories) and their keys.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.js';
import { fetchGallery, fetchHistory } from './gallery-api.js';

export const timelapseQueryKeys = {
  gallery: ['gallery'] as const,
  history: (canvasIndex: number) => ['canvas', canvasIndex, 'history'] as const,
};

export const galleryQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: timelapseQueryKeys.gallery,
    queryFn: ({ signal }) => fetchGallery(api, signal),
    staleTime: 30_000,
  });

export const historyQueryOptions = (canvasIndex: number) =>
  queryOptions({
    queryKey: timelapseQueryKeys.history(canvasIndex),
    queryFn: ({ signal }) => fetchHistory(canvasIndex, signal),
    staleTime: 30_000,
    retry: 1,
  });
