// The colour modal (spec sections 2 and 5): the artist's colour or a custom one (picker, hex input
// with validation, ten quick colours, default #188118), the price of the selection, and the
// purchased-pixel messages. Apply is disabled while checking or when purchased pixels are included.
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_PICKER_COLOUR, HEX_ERROR, QUICK_COLOURS, normaliseHex } from './model/colour.js';
import type { ColourChoice } from './model/pending.js';
import { ARTIST_COLOR_CENTS, CUSTOM_COLOR_CENTS, formatUsd } from './model/pricing.js';

export function ownedSelectionMessage(ownedCount: number): string | null {
  if (ownedCount === 0) return null;
  if (ownedCount === 1) return 'The selected pixel has been purchased and cannot be modified.';
  return `${ownedCount} of the selected pixels have been purchased and cannot be modified.`;
}

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
  const [mode, setMode] = useState<'default' | 'custom'>('default');
  const [colour, setColour] = useState(DEFAULT_PICKER_COLOUR);
  const [hexText, setHexText] = useState(DEFAULT_PICKER_COLOUR);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const hexValid = normaliseHex(hexText) !== null;
  const owned = ownedSelectionMessage(ownedCount);
  const disabled = checking || ownedCount > 0 || (mode === 'custom' && !hexValid);
  const unit = mode === 'default' ? ARTIST_COLOR_CENTS : CUSTOM_COLOR_CENTS;

  const pick = (value: string) => {
    const hex = normaliseHex(value);
    if (!hex) return;
    setMode('custom');
    setColour(hex);
    setHexText(hex);
  };

  return (
    <div
      className="modal-backdrop editor-modal"
      role="presentation"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
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
          <button
            type="button"
            role="radio"
            aria-checked={mode === 'default'}
            className={`colour-option${mode === 'default' ? ' colour-option--on' : ''}`}
            onClick={() => setMode('default')}
          >
            <span className="colour-option__swatch" style={{ background: artistColour }} aria-hidden="true" />
            <span className="colour-option__text">
              <strong>Trust the artist</strong>
              <span>Artist colour · {formatUsd(ARTIST_COLOR_CENTS)} per pixel</span>
            </span>
          </button>
          <button
            type="button"
            role="radio"
            aria-checked={mode === 'custom'}
            className={`colour-option${mode === 'custom' ? ' colour-option--on' : ''}`}
            onClick={() => setMode('custom')}
          >
            <span className="colour-option__swatch" style={{ background: colour }} aria-hidden="true" />
            <span className="colour-option__text">
              <strong>Choose your own colour</strong>
              <span>Custom colour · {formatUsd(CUSTOM_COLOR_CENTS)} per pixel</span>
            </span>
          </button>
        </div>

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
                    const hex = normaliseHex(e.target.value);
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
          {count} × {formatUsd(unit)} = <strong>{formatUsd(count * unit)}</strong> before fees
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
    </div>
  );
}
