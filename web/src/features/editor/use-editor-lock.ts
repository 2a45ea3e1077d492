// The editor's lock: a LockSession for this page (created on mount, released and disposed on unmount),
// "Initializing canvas..." for 500 ms, then the restore of my latest lock and the board's status
// ("Checking board availability..."), the holder when someone else has it, and the lock actions.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { toast, TOAST_DEFAULT_MS } from '../../app/toast/toast-store.js';
import { authStore } from '../../auth/index.js';
import { useLatest } from '../../lib/use-latest.js';
import {
  lockHeldByOther,
  LockSession,
  type BoardLock,
  type LockApi,
  type LockSessionEvent,
  type LockSnapshot,
} from '../locks/index.js';

export const INITIALIZING_MS = 500;

export type LockPhase = 'initializing' | 'checking' | 'ready';

const EMPTY: LockSnapshot = { held: null, busy: null, now: 0 };
const noopSubscribe = () => () => undefined;

export function useEditorLock(options: {
  locks: LockApi;
  canvasIndex: number;
  boardIndex: number;
  onEvent: (event: LockSessionEvent) => void;
}) {
  const { locks, canvasIndex, boardIndex } = options;
  const [session, setSession] = useState<LockSession | null>(null);
  const [phase, setPhase] = useState<LockPhase>('initializing');
  const [holder, setHolder] = useState<BoardLock | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const onEvent = useLatest(options.onEvent);

  useEffect(() => {
    // Every lock toast stays the default 3 s, success and error too (their own defaults are 2 s and
    // 4 s); the session asks 5 s for locked-by-other.
    const s = new LockSession({
      api: locks,
      userId: () => authStore.getUser()?.id ?? null,
      notify: {
        success: (m) => toast.success(m, { durationMs: TOAST_DEFAULT_MS }),
        error: (m, ms) => toast.error(m, { durationMs: ms ?? TOAST_DEFAULT_MS }),
        warning: (m, ms) => toast.warning(m, { durationMs: ms ?? TOAST_DEFAULT_MS }),
        info: (m) => toast.info(m, { durationMs: TOAST_DEFAULT_MS }),
      },
    });
    const off = s.onEvent((e) => onEvent.current(e));
    setSession(s);
    return () => {
      off();
      if (s.getSnapshot().held) void s.release();
      s.dispose();
    };
  }, [locks, onEvent]);

  const snapshot = useSyncExternalStore(
    session?.subscribe ?? noopSubscribe,
    session?.getSnapshot ?? (() => EMPTY),
    session?.getSnapshot ?? (() => EMPTY),
  );

  /** Someone else's lock on this board, or null (free, mine, or the check failed). */
  const checkHolder = useCallback(async () => {
    const status = await locks.status(canvasIndex, boardIndex).catch(() => null);
    const other = lockHeldByOther(status, authStore.getUser()?.id ?? null);
    setHolder(other);
    return other;
  }, [locks, canvasIndex, boardIndex]);

  useEffect(() => {
    if (!session) return;
    let cancelled = false;
    setPhase('initializing');
    const timer = setTimeout(() => {
      setPhase('checking');
      void (async () => {
        await session.restore();
        if (!cancelled && !session.holds(canvasIndex, boardIndex)) await checkHolder();
        if (!cancelled) setPhase('ready');
      })();
    }, INITIALIZING_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [session, canvasIndex, boardIndex, checkHolder]);

  // The session's own answers, read on each snapshot it publishes (useSyncExternalStore re-renders).
  const locked = session?.holds(canvasIndex, boardIndex) ?? false;

  const lock = useCallback(async () => {
    if (!session) return;
    const result = await session.acquire(canvasIndex, boardIndex);
    // A refusal's holder is someone else's lock (the session decided it with lockHeldByOther).
    if (result.ok) setHolder(null);
    else if (result.holder) setHolder(result.holder);
  }, [session, canvasIndex, boardIndex]);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await checkHolder();
    } finally {
      setRefreshing(false);
    }
  }, [checkHolder]);

  return {
    session,
    phase,
    locked,
    held: locked ? snapshot.held : null,
    busy: snapshot.busy,
    remainingMs: locked && session ? session.remainingMs() : 0,
    holder,
    refreshing,
    lock,
    unlock: useCallback(() => session?.release(true) ?? Promise.resolve(), [session]),
    extend: useCallback(() => session?.extend() ?? Promise.resolve(false), [session]),
    validate: useCallback(
      () => session?.validate(canvasIndex, boardIndex) ?? Promise.resolve(false),
      [session, canvasIndex, boardIndex],
    ),
    releaseQuietly: useCallback(() => session?.release() ?? Promise.resolve(), [session]),
    refresh,
    handleServerEvent: useCallback(
      (name: string, data: string) => {
        if (!session) return;
        const event = session.handleServerEvent(name, data);
        // Someone else's lock on this board changed: re-read who holds it.
        if (
          event?.canvasIndex === canvasIndex &&
          event.boardIndex === boardIndex &&
          !session.holds(canvasIndex, boardIndex)
        )
          void checkHolder();
      },
      [session, canvasIndex, boardIndex, checkHolder],
    ),
  };
}

export type EditorLock = ReturnType<typeof useEditorLock>;
