// The editor reducer: the modal opens after a plain drag (through the lock validation), waits for the
// Ctrl/Meta release in multi-select, refuses purchased pixels, and unlock/expiry clear what they must.
import { describe, expect, it } from 'vitest';
import type { PixelRecord } from '../board-pixels.js';
import { INITIAL_EDITOR_STATE, editorReducer, type EditorAction, type EditorState } from './editor-state.js';

const pixels = new Map<string, PixelRecord>([['1-1', { currentColor: '#000000', defaultColor: '#111111', userId: 'u9' }]]);
const run = (actions: EditorAction[], from: EditorState = INITIAL_EDITOR_STATE) => actions.reduce(editorReducer, from);

describe('editor reducer', () => {
  it('a plain drag asks for validation, then opens the modal; apply fills pending and clears the selection', () => {
    let s = run([
      { type: 'drag-start', cell: { x: 0, y: 0 }, additive: false },
      { type: 'drag-move', cell: { x: 0, y: 1 } },
      { type: 'drag-end', pixels, additive: false },
    ]);
    expect(s.modal).toBe('validating');
    s = run([{ type: 'modal-validated', valid: true }], s);
    expect(s.modal).toBe('open');
    s = run([{ type: 'apply', pixels, choice: { mode: 'custom', color: '#ff0000' } }], s);
    expect(s.modal).toBe('closed');
    expect(s.selection.selected.size).toBe(0);
    expect([...s.pending.keys()].sort()).toEqual(['0-0', '0-1']);
  });

  it('an invalid lock closes the modal and clears the selection', () => {
    const s = run([
      { type: 'drag-start', cell: { x: 0, y: 0 }, additive: false },
      { type: 'drag-end', pixels, additive: false },
      { type: 'modal-validated', valid: false },
    ]);
    expect(s.modal).toBe('closed');
    expect(s.selection.selected.size).toBe(0);
  });

  it('multi-select waits for the modifier release', () => {
    let s = run([
      { type: 'drag-start', cell: { x: 0, y: 0 }, additive: true },
      { type: 'drag-end', pixels, additive: true },
      { type: 'drag-start', cell: { x: 5, y: 5 }, additive: true },
      { type: 'drag-end', pixels, additive: true },
    ]);
    expect(s.modal).toBe('closed');
    expect(s.selection.selected.size).toBe(2);
    s = run([{ type: 'modifier-released' }], s);
    expect(s.modal).toBe('validating');
  });

  it('purchased pixels are refused with a warning that expires', () => {
    let s = run([
      { type: 'drag-start', cell: { x: 1, y: 1 }, additive: false },
      { type: 'drag-end', pixels, additive: false },
    ]);
    expect(s.selection.selected.size).toBe(0);
    expect(s.modal).toBe('closed');
    expect([...(s.ownedWarning ?? [])]).toEqual(['1-1']);
    s = run([{ type: 'owned-warning-expired' }], s);
    expect(s.ownedWarning).toBeNull();
  });

  it('unlocking keeps pending changes; losing the lock clears them; a purchase clears its pixels', () => {
    const withPending = run([
      { type: 'drag-start', cell: { x: 2, y: 2 }, additive: false },
      { type: 'drag-move', cell: { x: 3, y: 2 } },
      { type: 'drag-end', pixels, additive: false },
      { type: 'modal-validated', valid: true },
      { type: 'apply', pixels, choice: { mode: 'default' } },
    ]);
    expect(run([{ type: 'unlocked', keepPending: true }], withPending).pending.size).toBe(2);
    expect(run([{ type: 'unlocked', keepPending: false }], withPending).pending.size).toBe(0);
    expect([...run([{ type: 'purchased', keys: ['2-2'] }], withPending).pending.keys()]).toEqual(['3-2']);
    const bought = new Map(pixels).set('3-2', { currentColor: '#000000', defaultColor: '#000000', userId: 'u2' });
    expect([...run([{ type: 'pixels-changed', pixels: bought }], withPending).pending.keys()]).toEqual(['2-2']);
  });

  it('no drag starts while the modal is open', () => {
    const open: EditorState = { ...INITIAL_EDITOR_STATE, modal: 'open' };
    expect(run([{ type: 'drag-start', cell: { x: 0, y: 0 }, additive: false }], open)).toBe(open);
  });
});
