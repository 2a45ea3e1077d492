// The board editor (spec sections 2 and 4): header, the 49 x 49 board, hints; read-only until the
// board is locked; selection, the colour modal, pending changes, Save/Pay; the lock's life (restore,
// extend, release on leaving, expiry alert and redirect) and live updates from /api/events.
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router';
import { toast } from '../../app/toast/toast-store.js';
import { authStore } from '../../auth/index.js';
import { Spinner } from '../../components/Spinner.js';
import { boardPosition } from '@tessera/facts/grid';
import { parsePixelKey, pixelKey } from '../../lib/pixel-key.js';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/use-media-query.js';
import { useTimeout } from '../../lib/use-timeout.js';
import { useLivePixels } from '../canvas/use-live-pixels.js';
import { canvasQueryKeys } from '../canvas/queries.js';
import type { CanvasEvent } from '../../canvas-scene/index.js';
import { LOCK_MESSAGES } from '@tessera/facts/locks';
import { BoardLockedModal, createLockApi, lockEndingMessage, type LockSessionEvent } from '../locks/index.js';
import type { PixelMap, PixelRecord } from './board-pixels.js';
import { pixelAt } from './board-pixels.js';
import { BoardCanvas, type View } from './BoardCanvas.js';
import { ColourModal } from './ColourModal.js';
import { EditorHeader } from './EditorHeader.js';
import { HintBar, KEYBOARD_HINT, OWNED_WARNING_MS, OwnedWarning, useHighlight } from './EditorNotices.js';
import { editorReducer, INITIAL_EDITOR_STATE } from './model/editor-state.js';
import type { Cell } from './model/cells.js';
import { changesToBuy, isOwned } from './model/pending.js';
import { priceChanges, saveLabel } from './model/pricing.js';
import { visibleSelection } from './model/selection.js';
import { PaymentModalSlot, type PaymentResult, type PendingPurchase } from './payment-bridge.js';
import { boardPixelsQueryOptions } from './queries.js';
import { useEditorKeys } from './use-editor-keys.js';
import { useGhost } from '../canvas/use-ghost.js';
import { boardKey, START_CURSOR, type KeyCursor } from './model/keyboard.js';
import { stepZoom } from './model/zoom.js';

/** A device whose main pointer is a finger: touch hints and a Pan button instead of Alt. */
const TOUCH_QUERY = '(pointer: coarse)';
import { useEditorLock } from './use-editor-lock.js';
import { EditorPixelInfo, useOwnKeys, usePixelInfoTarget } from './EditorPixelInfo.js';
import { useOwnOutline } from '../pixel-info/use-pixel-info.js';

const route = getRouteApi('/canvas/art/$boardIndex');

export const UNSAVED_CHANGES_QUESTION = 'You have unsaved changes. Are you sure you want to leave?';
/** Told when another canvas becomes the active one while this board is open (not in the spec's texts). */
export const CANVAS_SWITCHED_MESSAGE =
  'This artwork is complete and a new one is now featured. Taking you back to the canvas.';
export const LEAVE_FADE_MS = 200;
const INITIAL_VIEW: View = { zoom: 1, x: 0, y: 0 };

export function clearQuestion(n: number): string {
  return `Clear ${n} pending change(s)? This action cannot be undone.`;
}

export function BoardEditorPage() {
  const { boardIndex } = route.useParams();
  const { highlight: highlightParam } = route.useSearch();
  const { canvas } = route.useLoaderData();
  const { api } = route.useRouteContext();
  const canvasIndex = canvas.canvasIndex;
  const pixelsQuery = boardPixelsQueryOptions(api, canvasIndex, boardIndex);
  const { data: pixels } = useSuspenseQuery(pixelsQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const router = useRouter();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const touch = useMediaQuery(TOUCH_QUERY);
  const [ghost, setGhost] = useGhost();
  const [touchPan, setTouchPan] = useState(false);
  const [keyCursor, setKeyCursor] = useState<KeyCursor>(START_CURSOR);
  const [outline, setOutline] = useOwnOutline();
  const mine = useOwnKeys(pixels, outline);
  const pixelInfo = usePixelInfoTarget(pixels, keyCursor.cursor);
  const { row, col } = boardPosition(boardIndex);
  const locks = useMemo(() => createLockApi(api), [api]);

  const [state, dispatch] = useReducer(editorReducer, INITIAL_EDITOR_STATE);
  const [view, setView] = useState<View>(INITIAL_VIEW);
  const [leaving, setLeaving] = useState(false);
  // The order being paid for, fixed when Pay opens the modal: pixels that change under it (the buyer's
  // own purchase arriving live before the save ends) must not change the order the modal is paying.
  const [paying, setPaying] = useState<PendingPurchase | null>(null);
  // True only while the paid pixels are being saved (the modal's save phase), not while it is open.
  const [saving, setSaving] = useState(false);
  const highlight = useHighlight(highlightParam);

  const goToCanvas = useCallback(() => void navigate({ to: '/canvas' }), [navigate]);

  const onLockEvent = useCallback(
    (event: LockSessionEvent) => {
      if (event.type === 'warning') {
        const left = Math.max(0, event.lock.expiresAt - Date.now());
        toast.warning(lockEndingMessage(left), { durationMs: 5000 });
        return;
      }
      dispatch({ type: 'unlocked', keepPending: false });
      setPaying(null);
      window.alert(LOCK_MESSAGES.expiredAlert);
      goToCanvas();
    },
    [goToCanvas],
  );
  const lock = useEditorLock({ locks, canvasIndex, boardIndex, onEvent: onLockEvent });

  // Another canvas became the active one: this board belongs to the previous canvas. Tell the user
  // and go back to /canvas (releasing the lock, bounded as when leaving), which shows the new canvas.
  const onCanvasActivated = useCallback(
    (event: CanvasEvent) => {
      if (event.canvasIndex === canvasIndex) return;
      toast.info(CANVAS_SWITCHED_MESSAGE, { durationMs: 6000 });
      dispatch({ type: 'unlocked', keepPending: false });
      setPaying(null);
      setLeaving(true);
      void queryClient.invalidateQueries({ queryKey: canvasQueryKeys.active });
      void Promise.race([lock.releaseQuietly(), new Promise((r) => setTimeout(r, 1500))]).then(goToCanvas);
    },
    [canvasIndex, queryClient, lock, goToCanvas],
  );

  // Live: purchases on this board reload its pixels; lock events (with the holder-only expiry and
  // warning, as the stream carries the access token it was opened with) reach the lock session.
  const [streamToken] = useState(() => authStore.getAccessToken());
  useLivePixels(
    canvasIndex,
    {
      onPixels: (event) => {
        if (event.boardIndex === boardIndex)
          void queryClient.invalidateQueries({ queryKey: pixelsQuery.queryKey });
      },
      onLockEvent: lock.handleServerEvent,
      onCanvasActivated,
    },
    true,
    streamToken,
  );

  useEffect(() => dispatch({ type: 'pixels-changed', pixels }), [pixels]);

  // The owned-pixel warning (and its red dashed outlines) lasts 5 s.
  useTimeout(
    () => dispatch({ type: 'owned-warning-expired' }),
    state.ownedWarning ? OWNED_WARNING_MS : null,
    state.ownedWarning,
  );

  // On selection the lock ownership is validated before the colour modal opens.
  const { validate } = lock;
  useEffect(() => {
    if (state.modal !== 'validating') return;
    let cancelled = false;
    void validate().then((valid) => {
      if (cancelled) return;
      if (!valid) window.alert(LOCK_MESSAGES.noLongerValid);
      dispatch({ type: 'modal-validated', valid });
    });
    return () => {
      cancelled = true;
    };
  }, [state.modal, validate]);

  const toBuy = useMemo(() => changesToBuy(state.pending, pixels), [state.pending, pixels]);
  const price = useMemo(() => priceChanges(toBuy), [toBuy]);
  const label = saveLabel(state.pending.size, price);
  const selected = useMemo(() => visibleSelection(state.selection), [state.selection]);

  const leave = useCallback(
    async (to: 'back' | 'canvas') => {
      if (leaving) return;
      if (state.pending.size > 0 && !window.confirm(UNSAVED_CHANGES_QUESTION)) return;
      setLeaving(true);
      // Leaving while locked releases the lock first (bounded, so a slow network cannot trap the user).
      await Promise.race([lock.releaseQuietly(), new Promise((r) => setTimeout(r, 1500))]);
      await new Promise((r) => setTimeout(r, LEAVE_FADE_MS));
      if (to === 'back' && router.history.canGoBack()) router.history.back();
      else goToCanvas();
    },
    [leaving, state.pending.size, lock, router, goToCanvas],
  );

  const save = useCallback(() => {
    if (state.pending.size === 0) {
      toast.info('No changes to save');
      return;
    }
    if (!lock.locked) {
      window.alert(LOCK_MESSAGES.noLongerValid);
      return;
    }
    // Every pending change buys an unowned pixel (a purchased pixel never changes), so saving is paying.
    if (toBuy.length > 0) setPaying({ canvasIndex, boardIndex, pixels: toBuy.map((c) => ({ ...c })) });
  }, [state.pending.size, lock.locked, toBuy, canvasIndex, boardIndex]);

  const onPaid = useCallback(
    (result: PaymentResult) => {
      const me = authStore.getUser()?.id ?? null;
      queryClient.setQueryData(pixelsQuery.queryKey, (old: PixelMap | undefined) => {
        const next = new Map<string, PixelRecord>(old ?? []);
        for (const p of result.pixels) {
          const before = pixelAt(next, p.x, p.y);
          next.set(pixelKey(p.x, p.y), { ...before, currentColor: p.color, userId: me });
        }
        return next;
      });
      void queryClient.invalidateQueries({ queryKey: pixelsQuery.queryKey });
      dispatch({ type: 'purchased', keys: result.pixels.map((p) => pixelKey(p.x, p.y)) });
      setPaying(null);
      setSaving(false);
    },
    [queryClient, pixelsQuery.queryKey],
  );

  const { panMode } = useEditorKeys({
    onSave: save,
    onEscape: () => {
      if (paying !== null) return;
      if (pixelInfo.pinned) pixelInfo.close();
      else if (state.modal !== 'closed') dispatch({ type: 'close-modal' });
      else void leave('back');
    },
    onModifierReleased: () => dispatch({ type: 'modifier-released' }),
  });

  const interactive = lock.locked && state.modal === 'closed' && !leaving;
  const onDragStart = useCallback(
    (cell: Cell, additive: boolean) => dispatch({ type: 'drag-start', cell, additive }),
    [],
  );
  const onDragMove = useCallback((cell: Cell) => dispatch({ type: 'drag-move', cell }), []);
  const onDragEnd = useCallback(
    (additive: boolean) => dispatch({ type: 'drag-end', pixels, additive }),
    [pixels],
  );
  // The keyboard: a selection by keys is a drag from the stretch's start to the cursor.
  const onBoardKey = (key: string, shift: boolean): boolean => {
    const out = boardKey(keyCursor, key, shift);
    // a read-only board moves the cursor (pixel info) but selects nothing
    if (!out || (out.kind === 'select' && !interactive)) return false;
    setKeyCursor(out.next);
    if (out.kind === 'select') {
      dispatch({ type: 'drag-start', cell: out.from, additive: false });
      dispatch({ type: 'drag-move', cell: out.to });
      dispatch({ type: 'drag-end', pixels, additive: false });
    }
    return true;
  };

  const ownedInSelection = [...state.selection.selected].filter((k) => isOwned(pixels, k)).length;
  const firstSelected = [...state.selection.selected][0];
  const first = (firstSelected === undefined ? null : parsePixelKey(firstSelected)) ?? { x: 0, y: 0 };
  const holder = lock.holder;

  return (
    <div className={`editor${leaving ? ' editor--leaving' : ''}`}>
      <EditorHeader
        boardIndex={boardIndex}
        row={row}
        col={col}
        phase={lock.phase}
        locked={lock.locked}
        busy={lock.busy}
        remainingMs={lock.remainingMs}
        selectedCount={selected.size}
        pendingCount={state.pending.size}
        toBuyCount={toBuy.length}
        price={price}
        label={label}
        payOpen={paying !== null}
        saving={saving}
        onBack={() => void leave('back')}
        onLock={() => void lock.lock()}
        onUnlock={() => {
          dispatch({ type: 'unlocked', keepPending: true });
          void lock.unlock();
        }}
        onExtend={() => void lock.extend()}
        onClear={() => {
          if (window.confirm(clearQuestion(state.pending.size))) dispatch({ type: 'clear-pending' });
        }}
        onSave={save}
      />
      {/* Inside the app's one <main>: a named region, not a second main landmark. */}
      <section className="editor__main" aria-label="Board">
        {!lock.locked && lock.phase === 'ready' && (
          <div className="editor__lock-badge">Lock Board To Begin Editing</div>
        )}
        {state.ownedWarning && <OwnedWarning count={state.ownedWarning.size} selectedCount={selected.size} />}
        <div className="editor__stage">
          <BoardCanvas
            pixels={pixels}
            pending={state.pending}
            selected={selected}
            ownedWarning={state.ownedWarning}
            highlight={highlight}
            ghost={ghost}
            interactive={interactive}
            panMode={panMode || touchPan}
            mobile={mobile}
            view={view}
            onView={setView}
            onDragStart={onDragStart}
            onDragMove={onDragMove}
            onDragEnd={onDragEnd}
            label={`Board ${boardIndex} of ${canvas.canvasName}`}
            cursor={keyCursor}
            onBoardKey={onBoardKey}
            describedBy="board-keys"
            mine={mine}
            onPointCell={pixelInfo.onPointCell}
            onFocusChange={pixelInfo.onFocusChange}
          />
          <EditorPixelInfo
            canvasIndex={canvasIndex}
            boardIndex={boardIndex}
            cell={pixelInfo.target}
            onClose={pixelInfo.pinned ? pixelInfo.close : null}
          />
          <p id="board-keys" className="visually-hidden">
            {KEYBOARD_HINT}
          </p>
          {!lock.locked && (
            <div className="editor__overlay" aria-live="polite">
              {lock.phase === 'ready' ? (
                <button
                  type="button"
                  className="editor__overlay-text"
                  onClick={() => void lock.lock()}
                  disabled={lock.busy !== null}
                >
                  Lock board to edit
                </button>
              ) : lock.phase === 'checking' ? (
                <Spinner label="Checking board availability..." size="md" />
              ) : null}
            </div>
          )}
        </div>
      </section>
      <HintBar
        locked={lock.locked}
        touch={touch}
        zoom={view.zoom}
        onZoom={(direction) => setView((v) => ({ ...v, zoom: stepZoom(v.zoom, direction) }))}
        onResetView={view === INITIAL_VIEW ? null : () => setView(INITIAL_VIEW)}
        panMode={touchPan}
        onPanMode={setTouchPan}
        ghost={ghost}
        onGhost={setGhost}
        outline={outline}
        onOutline={setOutline}
      />
      {state.modal !== 'closed' && (
        <ColourModal
          count={state.selection.selected.size}
          ownedCount={ownedInSelection}
          artistColour={pixelAt(pixels, first.x, first.y).defaultColor}
          checking={state.modal === 'validating'}
          onApply={(choice) => dispatch({ type: 'apply', pixels, choice })}
          onCancel={() => dispatch({ type: 'close-modal' })}
        />
      )}
      {holder && !lock.locked && (
        <BoardLockedModal
          variant="editor"
          boardIndex={boardIndex}
          username={holder.username}
          expiresAt={holder.expiresAt}
          refreshing={lock.refreshing}
          onBack={goToCanvas}
          onRefresh={() => void lock.refresh()}
        />
      )}
      {paying && (
        <PaymentModalSlot
          purchase={paying}
          onClose={() => {
            setPaying(null);
            setSaving(false);
          }}
          onComplete={onPaid}
          onSavingChange={setSaving}
        />
      )}
    </div>
  );
}
