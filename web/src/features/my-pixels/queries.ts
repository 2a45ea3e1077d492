// Query factories of My pixels.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.js';
import { fetchOrders } from './orders-api.js';

/** A page of the signed-in buyer's purchases (fresh each visit: a purchase may have just been made). */
export const myOrdersQueryOptions = (api: ApiClient, userId: string, page: number) =>
  queryOptions({
    queryKey: ['account', 'orders', userId, page] as const,
    queryFn: ({ signal }) => fetchOrders(api, page, signal),
    staleTime: 0,
  });
