// The hint bar, the read-only overlay, the owned-pixel warning and the highlight timer.
import { useEffect, useState } from 'react';
import { parsePixelKey } from '../../lib/pixel-key.js';
import { useTimeout } from '../../lib/use-timeout.js';
import type { Cell } from './model/cells.js';
import { ownedSelectionMessage } from './ColourModal.js';
import { GHOST_LABEL } from '../canvas/use-ghost.js';
import { OwnOutlineSwitch } from '../pixel-info/OwnOutlineSwitch.js';

export const HIGHLIGHT_MS = 60_000;
export const OWNED_WARNING_MS = 5000;

export const HINTS = {
  locked: ['Click and drag to select pixels', 'Hold Ctrl/Cmd to multi-select', 'Scroll to zoom'],
  unlocked: ['Lock the board to start editing', 'Use the lock button in header to edit'],
} as const;

/** On a touch screen there is no Ctrl, Alt or scroll wheel: the hints name what a finger can do. */
export const TOUCH_HINTS = {
  locked: ['Drag to select pixels', 'Turn on Pan to move the board', 'Zoom with − and +'],
  unlocked: HINTS.unlocked,
} as const;

/** Keyboard use of the board, said once under the board for screen readers and sighted users alike. */
export const KEYBOARD_HINT =
  'Keyboard: arrow keys move the cursor, Shift + arrows stretch a selection, Enter or Space selects; on a bought pixel its info shows, and Tab reaches its link';

export function hintsFor(locked: boolean, touch: boolean): readonly string[] {
  const set = touch ? TOUCH_HINTS : HINTS;
  return locked ? set.locked : set.unlocked;
}

interface HintBarProps {
  locked: boolean;
  touch: boolean;
  zoom: number;
  onZoom: (direction: 1 | -1) => void;
  onResetView: (() => void) | null;
  panMode: boolean;
  onPanMode: (on: boolean) => void;
  ghost: boolean;
  onGhost: (on: boolean) => void;
  outline: boolean;
  onOutline: (on: boolean) => void;
}

export function HintBar(p: HintBarProps) {
  return (
    <footer className="editor-hints">
      <ul>
        {hintsFor(p.locked, p.touch).map((h) => (
          <li key={h}>{h}</li>
        ))}
        {p.locked && !p.touch && <li>Alt + drag to pan</li>}
      </ul>
      <div className="editor-hints__tools">
        <label className="editor-hints__switch">
          <input type="checkbox" checked={p.ghost} onChange={(e) => p.onGhost(e.currentTarget.checked)} />
          <span>{GHOST_LABEL}</span>
        </label>
        <OwnOutlineSwitch className="editor-hints__switch" on={p.outline} onChange={p.onOutline} />
        {p.touch && (
          <button
            type="button"
            className="editor-btn editor-btn--small"
            aria-pressed={p.panMode}
            onClick={() => p.onPanMode(!p.panMode)}
          >
            Pan
          </button>
        )}
        <span className="editor-hints__zoom">
          <button
            type="button"
            className="editor-btn editor-btn--small"
            aria-label="Zoom out"
            onClick={() => p.onZoom(-1)}
          >
            −
          </button>
          <span aria-live="polite">{Math.round(p.zoom * 100)}%</span>
          <button
            type="button"
            className="editor-btn editor-btn--small"
            aria-label="Zoom in"
            onClick={() => p.onZoom(1)}
          >
            +
          </button>
          {p.onResetView && (
            <button type="button" className="editor-link" onClick={p.onResetView}>
              Reset view
            </button>
          )}
        </span>
      </div>
    </footer>
  );
}

/**
 * What the selection kept after bought pixels were left out, so the warning and the header's
 * "{n} selected" tell one story.
 */
export function keptSelectionMessage(selectedCount: number): string {
  if (selectedCount === 0) return 'They were left out, so no pixels are selected.';
  if (selectedCount === 1) return 'They were left out; 1 pixel is still selected.';
  return `They were left out; ${selectedCount} pixels are still selected.`;
}

export function OwnedWarning({ count, selectedCount }: { count: number; selectedCount: number }) {
  return (
    <div className="owned-warning" role="alert">
      <strong>Pixels Already Owned</strong>
      <span>{ownedSelectionMessage(count)}</span>
      <span>{keptSelectionMessage(selectedCount)}</span>
    </div>
  );
}

/** The highlight={x}-{y} pixel, shown for 60 s. */
export function useHighlight(raw: string | undefined): Cell | null {
  const [cell, setCell] = useState<Cell | null>(() => parsePixelKey(raw));
  useEffect(() => setCell(parsePixelKey(raw)), [raw]);
  useTimeout(() => setCell(null), parsePixelKey(raw) ? HIGHLIGHT_MS : null, raw);
  return cell;
}
