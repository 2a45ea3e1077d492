// The editor header (spec section 2): Back, "Board {n}", "Row r, Col c" (wide screens), Lock/Unlock
// with the m:ss countdown, "+5m" (by facts' EXTEND_LOCK_MINUTES), Clear (locked with pending changes), the
// counters with the total price and Save/Pay. On small screens a collapsible menu repeats timer, extend,
// clear and counters.
import { memo, useState } from 'react';
import {
  countdownTone,
  EXTEND_LABEL,
  EXTEND_NAME,
  formatCountdown,
  LockGlyph,
  type LockBusy,
} from '../locks/index.js';
import type { LockPhase } from './use-editor-lock.js';
import { formatDollars } from '@tessera/facts/pricing';
import { ESTIMATE_NOTE, type PriceSummary, type SaveLabel } from './model/pricing.js';

interface Props {
  boardIndex: number;
  row: number;
  col: number;
  phase: LockPhase;
  locked: boolean;
  busy: LockBusy;
  remainingMs: number;
  selectedCount: number;
  pendingCount: number;
  toBuyCount: number;
  price: PriceSummary;
  label: SaveLabel;
  /** The payment modal is open: Pay waits behind it. */
  payOpen: boolean;
  /** The paid pixels are being saved: only then does the button say "Saving...". */
  saving: boolean;
  onBack: () => void;
  onLock: () => void;
  onUnlock: () => void;
  onExtend: () => void;
  onClear: () => void;
  onSave: () => void;
}

function Timer({ remainingMs }: { remainingMs: number }) {
  const tone = countdownTone(remainingMs);
  return (
    <span
      className={`lock-timer lock-timer--${tone}`}
      role="timer"
      aria-label={`Lock time left ${formatCountdown(remainingMs)}`}
    >
      {formatCountdown(remainingMs)}
    </span>
  );
}

function Counters(props: Pick<Props, 'selectedCount' | 'pendingCount' | 'toBuyCount' | 'price'>) {
  return (
    <span className="editor-counters">
      <span>{props.selectedCount} selected</span>
      <span>{props.pendingCount} pending</span>
      <span>
        {props.toBuyCount} to buy
        {props.toBuyCount > 0 && (
          <strong className="editor-counters__price" title={ESTIMATE_NOTE}>
            {' '}
            · est. {formatDollars(props.price.estimatedTotalCents)}
          </strong>
        )}
      </span>
    </span>
  );
}

export const EditorHeader = memo(function EditorHeader(props: Props) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { phase, locked, busy } = props;
  const canClear = locked && props.pendingCount > 0;
  const saveDisabled = props.saving || props.payOpen || props.pendingCount === 0;
  const estimate = props.label.kind === 'pay' && !props.saving;

  const lockControls =
    phase === 'initializing' ? (
      <span className="editor-header__init" role="status">
        Initializing canvas...
      </span>
    ) : locked ? (
      <>
        <Timer remainingMs={props.remainingMs} />
        <button type="button" className="editor-btn" onClick={props.onUnlock} disabled={busy !== null}>
          <LockGlyph size={16} /> Unlock
        </button>
        <button
          type="button"
          className="editor-btn editor-btn--extend"
          onClick={props.onExtend}
          disabled={busy !== null}
          aria-label={EXTEND_NAME}
        >
          {EXTEND_LABEL}
        </button>
      </>
    ) : (
      <button
        type="button"
        className="editor-btn editor-btn--lock"
        onClick={props.onLock}
        disabled={phase !== 'ready' || busy !== null}
      >
        <LockGlyph size={16} /> {busy === 'acquiring' ? 'Locking...' : 'Lock'}
      </button>
    );

  return (
    <header className="editor__header" data-toast-anchor="">
      <button type="button" className="editor__back" onClick={props.onBack}>
        <span aria-hidden="true">←</span> <span className="editor__back-label">Back</span>
      </button>
      <h1 className="editor__badge">
        <span className="editor__badge-word">Board </span>
        {props.boardIndex}
      </h1>
      <span className="editor__position">
        Row {props.row + 1}, Col {props.col + 1}
      </span>
      <div className="editor-header__lock">{lockControls}</div>
      <div className="editor-header__wide">
        {canClear && (
          <button type="button" className="editor-btn editor-btn--danger" onClick={props.onClear}>
            Clear
          </button>
        )}
        <Counters {...props} />
      </div>
      <button
        type="button"
        className={`editor-save editor-save--${props.label.kind}`}
        onClick={props.onSave}
        disabled={saveDisabled}
        title={estimate ? ESTIMATE_NOTE : undefined}
      >
        {props.saving ? 'Saving...' : props.label.text}
        {estimate && <span className="editor-save__est"> est.</span>}
      </button>
      <button
        type="button"
        className="editor-menu-toggle"
        aria-expanded={menuOpen}
        aria-controls="editor-menu"
        onClick={() => setMenuOpen((o) => !o)}
      >
        <span aria-hidden="true">☰</span>
        <span className="visually-hidden">Editor menu</span>
      </button>
      {menuOpen && (
        <div id="editor-menu" className="editor-menu" data-toast-anchor="">
          {locked && (
            <div className="editor-menu__row">
              <Timer remainingMs={props.remainingMs} />
              <button type="button" className="editor-btn" onClick={props.onExtend} disabled={busy !== null}>
                {EXTEND_LABEL}
              </button>
              {canClear && (
                <button type="button" className="editor-btn editor-btn--danger" onClick={props.onClear}>
                  Clear
                </button>
              )}
            </div>
          )}
          <Counters {...props} />
          {props.toBuyCount > 0 && (
            <span className="editor-menu__fees">
              {formatDollars(props.price.subtotalCents)} + fees {formatDollars(props.price.serviceFeeCents)} +
              est. tax {formatDollars(props.price.estimatedTaxCents)} = est.{' '}
              {formatDollars(props.price.estimatedTotalCents)}. {ESTIMATE_NOTE}
            </span>
          )}
        </div>
      )}
    </header>
  );
});
