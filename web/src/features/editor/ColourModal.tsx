// The colour modal (spec sections 2 and 5): the artist's colour or a custom one (picker, hex input
// with validation, ten quick colours, default #188118), the price of the selection, and the
// purchased-pixel messages. Apply is disabled while checking or when purchased pixels are included.
import { useState } from 'react';
import { ModalBackdrop } from '../../components/ModalBackdrop.js';
import { useFocusedHeading } from '../../lib/use-modal.js';
import { normalizeHexColor } from '@tessera/facts/colour';
import { DEFAULT_PICKER_COLOUR, HEX_ERROR, QUICK_COLOURS } from './model/colour.js';
import type { ColourChoice } from './model/pending.js';
import { ARTIST_COLOR_CENTS, CUSTOM_COLOR_CENTS, formatDollars } from '@tessera/facts/pricing';

export function ownedSelectionMessage(ownedCount: number): string | null {
  if (ownedCount === 0) return null;
  if (ownedCount === 1) return 'The selected pixel has been purchased and cannot be modified.';
  return `${ownedCount} of the selected pixels have been purchased and cannot be modified.`;
}

type Mode = ColourChoice['mode'];

const UNIT_CENTS: Record<Mode, number> = { default: ARTIST_COLOR_CENTS, custom: CUSTOM_COLOR_CENTS };

/** The two purchase options, each with its swatch and price per pixel. */
const OPTIONS: ReadonlyArray<{ mode: Mode; title: string; kind: string }> = [
  { mode: 'default', title: 'Trust the artist', kind: 'Artist colour' },
  { mode: 'custom', title: 'Choose your own colour', kind: 'Custom colour' },
];

interface Props {
  count: number;
  ownedCount: number;
  /** The artist's colour of the first selected pixel, shown as a swatch. */
  artistColour: string;
  checking: boolean;
  onApply: (choice: ColourChoice) => void;
  onCancel: () => void;
}

export function ColourModal({ count, ownedCount, artistColour, checking, onApply, onCancel }: Props) {
  const [mode, setMode] = useState<Mode>('default');
  const [colour, setColour] = useState(DEFAULT_PICKER_COLOUR);
  const [hexText, setHexText] = useState(DEFAULT_PICKER_COLOUR);
  const headingRef = useFocusedHeading();

  const hexValid = normalizeHexColor(hexText) !== undefined;
  const owned = ownedSelectionMessage(ownedCount);
  const disabled = checking || ownedCount > 0 || (mode === 'custom' && !hexValid);
  const unit = UNIT_CENTS[mode];

  const pick = (value: string) => {
    const hex = normalizeHexColor(value);
    if (!hex) return;
    setMode('custom');
    setColour(hex);
    setHexText(hex);
  };

  return (
    <ModalBackdrop className="editor-modal" onEscape={onCancel}>
      <div
        className="editor-modal__card colour-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="colour-modal-title"
      >
        <h2 id="colour-modal-title" ref={headingRef} tabIndex={-1}>
          Colour {count} {count === 1 ? 'pixel' : 'pixels'}
        </h2>
        <div className="colour-modal__modes" role="radiogroup" aria-label="Purchase option">
          {OPTIONS.map((option) => (
            <button
              key={option.mode}
              type="button"
              role="radio"
              aria-checked={mode === option.mode}
              className={`colour-option${mode === option.mode ? ' colour-option--on' : ''}`}
              onClick={() => setMode(option.mode)}
            >
              <span
                className="colour-option__swatch"
                style={{ background: option.mode === 'default' ? artistColour : colour }}
                aria-hidden="true"
              />
              <span className="colour-option__text">
                <strong>{option.title}</strong>
                <span>
                  {`${option.kind} · `}
                  {formatDollars(UNIT_CENTS[option.mode])} per pixel
                </span>
              </span>
            </button>
          ))}
        </div>

        {mode === 'default' && (
          <p className="colour-modal__artist-note">
            Each pixel takes its own artist&apos;s colour: the one the board shows faintly.
          </p>
        )}

        {mode === 'custom' && (
          <div className="colour-modal__custom">
            <div className="colour-modal__inputs">
              <input
                type="color"
                aria-label="Colour picker"
                value={colour.toLowerCase()}
                onChange={(e) => pick(e.target.value)}
              />
              <label className="colour-modal__hex">
                <span>Hex</span>
                <input
                  type="text"
                  value={hexText}
                  maxLength={7}
                  spellCheck={false}
                  aria-invalid={!hexValid}
                  aria-describedby={hexValid ? undefined : 'hex-error'}
                  onChange={(e) => {
                    setHexText(e.target.value);
                    const hex = normalizeHexColor(e.target.value);
                    if (hex) setColour(hex);
                  }}
                />
              </label>
            </div>
            {!hexValid && (
              <p id="hex-error" className="colour-modal__error" role="alert">
                {HEX_ERROR}
              </p>
            )}
            <div className="colour-modal__quick" aria-label="Quick colours">
              {QUICK_COLOURS.map((c) => (
                <button
                  key={c}
                  type="button"
                  className={`quick-colour${colour === c ? ' quick-colour--on' : ''}`}
                  style={{ background: c }}
                  aria-label={`Quick colour ${c}`}
                  title={c}
                  onClick={() => pick(c)}
                />
              ))}
            </div>
          </div>
        )}

        {owned && (
          <div className="colour-modal__owned" role="alert">
            <p>{owned}</p>
            <p>All sales are final - purchased pixels cannot be modified by anyone.</p>
            <p>Please select different pixels that haven't been purchased yet.</p>
          </div>
        )}

        <p className="colour-modal__price">
          {count} × {formatDollars(unit)} = <strong>{formatDollars(count * unit)}</strong> before fees
        </p>
        <div className="editor-modal__actions">
          <button type="button" className="button button--ghost-dark" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={disabled}
            onClick={() =>
              onApply(mode === 'default' ? { mode: 'default' } : { mode: 'custom', color: colour })
            }
          >
            {checking ? 'Checking...' : 'Apply'}
          </button>
        </div>
      </div>
    </ModalBackdrop>
  );
}
