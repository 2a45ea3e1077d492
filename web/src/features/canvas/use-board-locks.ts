// The canvas page's lock parts: the active locks (GET /boards/locks, signed-in only, every 10 s or
// 15 s on mobile, and again on every lock event), and the real lock check when a board is clicked.
import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { authStore } from '../../auth/index.js';
import { minutesRemaining } from '@tessera/facts/locks';
import { allLocksQueryOptions, lockHeldByOther, useLockApi, type LockStatus } from '../locks/index.js';
import type { BoardLockCheck, LockVerdict } from './use-board-opener.js';

/** Locked when someone else holds the board: holder and minutes left (rounded up). */
export function verdictOf(status: LockStatus, me: string | null, now: number): LockVerdict {
  const lock = lockHeldByOther(status, me);
  if (!lock) return { kind: 'free' };
  return { kind: 'locked', username: lock.username, minutesRemaining: minutesRemaining(lock.expiresAt, now) };
}

export function useBoardLocks(canvasIndex: number, mobile: boolean, signedIn: boolean) {
  const locks = useLockApi();
  const queryClient = useQueryClient();
  const options = allLocksQueryOptions(locks, mobile, signedIn);
  const { data } = useQuery(options);

  const lockedBoards = useMemo(() => {
    const now = Date.now();
    return new Set(
      (data ?? []).filter((l) => l.canvasIndex === canvasIndex && l.expiresAt > now).map((l) => l.boardIndex),
    );
  }, [data, canvasIndex]);

  /** A lock event moves the list at once (the poll stays as the fallback). */
  const onLockEvent = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: options.queryKey }),
    [queryClient, options.queryKey],
  );

  /** GET /boards/{c}/{b}/status: locked when someone else holds it. A failing check throws (let through). */
  const checkLock = useCallback<BoardLockCheck>(
    async (canvas, board) => {
      const status = await locks.status(canvas, board);
      return verdictOf(status, authStore.getUser()?.id ?? null, Date.now());
    },
    [locks],
  );

  return { lockedBoards, onLockEvent, checkLock };
}
