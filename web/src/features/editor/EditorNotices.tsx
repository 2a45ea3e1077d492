// The hint bar, the read-only overlay, the owned-pixel warning and the highlight timer.
import { useEffect, useState } from 'react';
import { parsePixelKey } from '../../lib/pixel-key.js';
import { useTimeout } from '../../lib/use-timeout.js';
import type { Cell } from './model/cells.js';
import { ownedSelectionMessage } from './ColourModal.js';

export const HIGHLIGHT_MS = 60_000;
export const OWNED_WARNING_MS = 5000;

export const HINTS = {
  locked: ['Click and drag to select pixels', 'Hold Ctrl/Cmd to multi-select', 'Scroll to zoom'],
  unlocked: ['Lock the board to start editing', 'Use the lock button in header to edit'],
} as const;

export function HintBar({
  locked,
  zoom,
  onResetView,
}: {
  locked: boolean;
  zoom: number;
  onResetView: (() => void) | null;
}) {
  const hints = locked ? HINTS.locked : HINTS.unlocked;
  return (
    <footer className="editor-hints">
      <ul>
        {hints.map((h) => (
          <li key={h}>{h}</li>
        ))}
        {locked && <li>Alt + drag to pan</li>}
      </ul>
      <span className="editor-hints__zoom">
        {Math.round(zoom * 100)}%
        {onResetView && (
          <button type="button" className="editor-link" onClick={onResetView}>
            Reset view
          </button>
        )}
      </span>
    </footer>
  );
}

export function OwnedWarning({ count }: { count: number }) {
  return (
    <div className="owned-warning" role="alert">
      <strong>Pixels Already Owned</strong>
      <span>{ownedSelectionMessage(count)}</span>
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
