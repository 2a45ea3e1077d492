// The editor's interaction state as one pure reducer: selection, pending changes, the colour modal and
// the owned-pixel warning. Lock and network effects live outside (the page hook); this only decides.
import type { PixelMap } from '../board-pixels.js';
import type { Cell } from './cells.js';
import { applyChoice, isOwned, prunePending, type ColourChoice, type PendingMap } from './pending.js';
import {
  EMPTY_SELECTION,
  cancelDrag,
  endDrag,
  moveDrag,
  startDrag,
  withoutOwned,
  type SelectionState,
} from './selection.js';

/** closed; validating (lock ownership is checked before it opens); open. */
export type ModalState = 'closed' | 'validating' | 'open';

export interface EditorState {
  selection: SelectionState;
  pending: PendingMap;
  modal: ModalState;
  /** Purchased pixels the user tried to select (red dashed outlines for 5 s). */
  ownedWarning: ReadonlySet<string> | null;
}

export const INITIAL_EDITOR_STATE: EditorState = {
  selection: EMPTY_SELECTION,
  pending: new Map(),
  modal: 'closed',
  ownedWarning: null,
};

export type EditorAction =
  | { type: 'drag-start'; cell: Cell; additive: boolean }
  | { type: 'drag-move'; cell: Cell }
  /** additive: Ctrl/Meta is still held, so the modal waits for its release. */
  | { type: 'drag-end'; pixels: PixelMap; additive: boolean }
  | { type: 'drag-cancel' }
  | { type: 'modifier-released' }
  | { type: 'modal-validated'; valid: boolean }
  | { type: 'apply'; pixels: PixelMap; choice: ColourChoice }
  | { type: 'close-modal' }
  | { type: 'clear-pending' }
  | { type: 'owned-warning-expired' }
  /** The lock was released or lost: selection and modal go; pending changes go too when lost. */
  | { type: 'unlocked'; keepPending: boolean }
  /** The board's pixels changed (reload, live purchase, own purchase). */
  | { type: 'pixels-changed'; pixels: PixelMap }
  | { type: 'purchased'; keys: readonly string[] };

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'drag-start':
      if (state.modal !== 'closed') return state;
      return { ...state, selection: startDrag(state.selection, action.cell, action.additive) };
    case 'drag-move':
      return state.selection.drag ? { ...state, selection: moveDrag(state.selection, action.cell) } : state;
    case 'drag-end': {
      if (!state.selection.drag) return state;
      const { state: selection, refused } = endDrag(state.selection, (k) => isOwned(action.pixels, k));
      const ownedWarning = refused.length > 0 ? new Set(refused) : state.ownedWarning;
      const wantsModal = !action.additive && selection.selected.size > 0;
      return { ...state, selection, ownedWarning, modal: wantsModal ? 'validating' : state.modal };
    }
    case 'drag-cancel':
      return { ...state, selection: cancelDrag(state.selection) };
    case 'modifier-released':
      if (state.modal !== 'closed' || state.selection.drag || state.selection.selected.size === 0)
        return state;
      return { ...state, modal: 'validating' };
    case 'modal-validated':
      if (state.modal !== 'validating') return state;
      return action.valid
        ? { ...state, modal: 'open' }
        : { ...state, modal: 'closed', selection: EMPTY_SELECTION };
    case 'apply': {
      const { pending, refused } = applyChoice(
        state.pending,
        state.selection.selected,
        action.pixels,
        action.choice,
      );
      return {
        ...state,
        pending,
        selection: EMPTY_SELECTION,
        modal: 'closed',
        ownedWarning: refused.length > 0 ? new Set(refused) : state.ownedWarning,
      };
    }
    case 'close-modal':
      return { ...state, modal: 'closed', selection: EMPTY_SELECTION };
    case 'clear-pending':
      return { ...state, pending: new Map() };
    case 'owned-warning-expired':
      return state.ownedWarning ? { ...state, ownedWarning: null } : state;
    case 'unlocked':
      return {
        ...state,
        selection: EMPTY_SELECTION,
        modal: 'closed',
        pending: action.keepPending ? state.pending : new Map(),
      };
    case 'pixels-changed': {
      const pending = prunePending(state.pending, action.pixels);
      const selection = withoutOwned(state.selection, (k) => isOwned(action.pixels, k));
      return pending === state.pending && selection === state.selection
        ? state
        : { ...state, pending, selection };
    }
    case 'purchased': {
      const pending = new Map(state.pending);
      for (const key of action.keys) pending.delete(key);
      return { ...state, pending };
    }
  }
}

/** Counters of the header: "{n} selected", "{n} pending", "{n} to buy". */
export function selectionCount(state: EditorState): number {
  return state.selection.selected.size;
}
