// Selection as a small state machine (spec section 2, Board editor): drag a rectangle; with Ctrl/Meta
// the rectangle is added to what is already selected (multi-select). Purchased pixels are never
// selected: ending a drag over them reports them as refused.
import { rectKeys, type Cell } from './cells.js';

export interface Drag {
  start: Cell;
  current: Cell;
  additive: boolean;
}

export interface SelectionState {
  selected: ReadonlySet<string>;
  drag: Drag | null;
}

export const EMPTY_SELECTION: SelectionState = { selected: new Set(), drag: null };

export function startDrag(state: SelectionState, cell: Cell, additive: boolean): SelectionState {
  return { selected: additive ? state.selected : new Set(), drag: { start: cell, current: cell, additive } };
}

export function moveDrag(state: SelectionState, cell: Cell): SelectionState {
  if (!state.drag) return state;
  const { current } = state.drag;
  if (current.x === cell.x && current.y === cell.y) return state;
  return { ...state, drag: { ...state.drag, current: cell } };
}

/** What is shown as selected while dragging: the selection plus the rectangle. */
export function visibleSelection(state: SelectionState): ReadonlySet<string> {
  if (!state.drag) return state.selected;
  const out = new Set(state.selected);
  for (const key of rectKeys(state.drag.start, state.drag.current)) out.add(key);
  return out;
}

export interface DragResult {
  state: SelectionState;
  /** Purchased pixels the rectangle covered (not selected). */
  refused: string[];
}

export function endDrag(state: SelectionState, isOwned: (key: string) => boolean): DragResult {
  if (!state.drag) return { state, refused: [] };
  const selected = new Set(state.selected);
  const refused: string[] = [];
  for (const key of rectKeys(state.drag.start, state.drag.current)) {
    if (isOwned(key)) refused.push(key);
    else selected.add(key);
  }
  return { state: { selected, drag: null }, refused };
}

export function cancelDrag(state: SelectionState): SelectionState {
  return state.drag ? { ...state, drag: null } : state;
}

/** Drops pixels that became owned meanwhile (a live purchase by someone else). */
export function withoutOwned(state: SelectionState, isOwned: (key: string) => boolean): SelectionState {
  const kept = [...state.selected].filter((k) => !isOwned(k));
  return kept.length === state.selected.size ? state : { ...state, selected: new Set(kept) };
}
