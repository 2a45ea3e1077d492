// The artist-selection queries (TanStack Query `queryOptions` factories) and their keys. The list
// depends on who is looking (each submission carries the viewer's vote), so the viewer is in the key.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.js';
import type { SortOrder } from '@tessera/facts/submissions';
import { artistSelectionApi } from './artist-selection-api.js';

export interface SubmissionListParams {
  sort: SortOrder;
  page: number;
  /** The search as the URL keeps it ('' for none). */
  search: string;
  /** The signed-in user's id, null for a guest. */
  viewerId: string | null;
}

export const submissionKeys = {
  all: ['artist-selection', 'submissions'] as const,
  list: (p: SubmissionListParams) => [...submissionKeys.all, p.sort, p.page, p.search, p.viewerId] as const,
};

export type SubmissionListKey = ReturnType<typeof submissionKeys.list>;

/** GET /artist-selection/submissions for one page, sort and search. */
export const submissionsQueryOptions = (api: ApiClient, params: SubmissionListParams) =>
  queryOptions({
    queryKey: submissionKeys.list(params),
    queryFn: ({ signal }) =>
      artistSelectionApi(api).list({ sort: params.sort, page: params.page, search: params.search, signal }),
    // Votes and new submissions change the list all the time: a page shown again shows what is cached
    // and reloads it.
    staleTime: 0,
    // A failed load stays on the page with its Retry button: showing it again does not refetch.
    retryOnMount: false,
  });
