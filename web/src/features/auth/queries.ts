// The auth feature's queries (TanStack Query `queryOptions` factories).
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.js';
import { fetchProviders } from './auth-api.js';

/** GET /api/auth/providers: which external sign-in providers are configured (asked on intent only). */
export const providersQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: ['auth', 'providers'] as const,
    queryFn: () => fetchProviders(api),
    staleTime: 5 * 60_000,
    retry: false,
  });
