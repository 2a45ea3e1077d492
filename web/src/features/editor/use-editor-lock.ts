// The editor's lock: a LockSession for this page (created on mount, released and disposed on unmount),
// "Initializing canvas..." for 500 ms, then the restore of my latest lock and the board's status
// ("Checking board availability..."), the holder when someone else has it, and the lock actions.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toast } from '../../app/toast/toast-store.js';
import { authStore } from '../../auth/index.js';
import { isRecord, readInt } from '../../lib/json.js';
import {
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
  const onEvent = useRef(options.onEvent);
  onEvent.current = options.onEvent;

  useEffect(() => {
    const s = new LockSession({
      api: locks,
      userId: () => authStore.getUser()?.id ?? null,
      notify: {
        success: (m) => toast.success(m, { durationMs: 3000 }),
        error: (m, ms) => toast.error(m, { durationMs: ms ?? 3000 }),
        warning: (m, ms) => toast.warning(m, { durationMs: ms ?? 3000 }),
        info: (m) => toast.info(m, { durationMs: 3000 }),
      },
    });
    const off = s.onEvent((e) => onEvent.current(e));
    setSession(s);
    return () => {
      off();
      if (s.getSnapshot().held) void s.release();
      s.dispose();
    };
  }, [locks]);

  const snapshot = useSyncExternalStore(
    session?.subscribe ?? noopSubscribe,
    session?.getSnapshot ?? (() => EMPTY),
    session?.getSnapshot ?? (() => EMPTY),
  );

  /** Someone else's lock on this board, or null (free, mine, or the check failed). */
  const checkHolder = useCallback(async () => {
    const status = await locks.status(canvasIndex, boardIndex).catch(() => null);
    const me = authStore.getUser()?.id ?? null;
    const lock = status?.isLocked ? status.lock : null;
    const other = lock && lock.userId !== me ? lock : null;
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

  const held = snapshot.held;
  const locked = held !== null && held.canvasIndex === canvasIndex && held.boardIndex === boardIndex;

  const lock = useCallback(async () => {
    if (!session) return;
    const result = await session.acquire(canvasIndex, boardIndex);
    if (result.ok) setHolder(null);
    else if (result.holder && result.holder.userId !== authStore.getUser()?.id) setHolder(result.holder);
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
    held: locked ? held : null,
    busy: snapshot.busy,
    remainingMs: locked && held ? Math.max(0, held.expiresAt - snapshot.now) : 0,
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
        session?.handleServerEvent(name, data);
        // Someone else's lock on this board changed: re-read who holds it.
        if (!session?.holds(canvasIndex, boardIndex)) {
          try {
            const body: unknown = JSON.parse(data);
            if (
              isRecord(body) &&
              readInt(body.boardIndex) === boardIndex &&
              readInt(body.canvasIndex) === canvasIndex
            )
              void checkHolder();
          } catch {
            // ignored: not an event of this board
          }
        }
      },
      [session, canvasIndex, boardIndex, checkHolder],
    ),
  };
}

export type EditorLock = ReturnType<typeof useEditorLock>;
