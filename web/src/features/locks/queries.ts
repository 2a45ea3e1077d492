// Query factories of the board locks.
import { queryOptions } from '@tanstack/react-query';
import type { LockApi } from './lock-api.js';

export const LOCK_LIST_POLL_MS = { desktop: 10_000, mobile: 15_000 } as const;

/** GET /boards/locks: every active lock (signed-in only), polled every 10 s (15 s on mobile). */
export const allLocksQueryOptions = (locks: LockApi, mobile: boolean, signedIn: boolean) =>
  queryOptions({
    queryKey: ['locks', 'all'] as const,
    queryFn: ({ signal }) => locks.allLocks(signal),
    enabled: signedIn,
    refetchInterval: mobile ? LOCK_LIST_POLL_MS.mobile : LOCK_LIST_POLL_MS.desktop,
    staleTime: 0,
  });

export const lockStatusQueryOptions = (locks: LockApi, canvasIndex: number, boardIndex: number) =>
  queryOptions({
    queryKey: ['locks', 'status', canvasIndex, boardIndex] as const,
    queryFn: ({ signal }) => locks.status(canvasIndex, boardIndex, signal),
    staleTime: 0,
  });
