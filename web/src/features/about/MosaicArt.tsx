// Decorative mosaic for the About hero: a small canvas of boards, some pixels still unsold.
import { QUICK_COLOURS } from '../editor/model/colour.js';

/** The spec's quick colours without the two darkest (#4C061D, #3B3923). */
const PALETTE: readonly string[] = QUICK_COLOURS.filter((c) => c !== '#4C061D' && c !== '#3B3923');
const SIZE = 9;

/** Deterministic pseudo-random colour index per cell (same picture on every render). */
function cell(x: number, y: number): number {
  return (x * 7 + y * 13 + ((x * y) % 5) * 3) % (PALETTE.length + 3);
}

export function MosaicArt() {
  const cells = [];
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const c = cell(x, y);
      const colour = PALETTE[c];
      cells.push(
        <rect
          key={`${x}-${y}`}
          x={x * 12 + 1}
          y={y * 12 + 1}
          width="10"
          height="10"
          rx="2"
          fill={colour ?? 'none'}
          stroke={colour ? 'none' : '#c9c2b4'}
          strokeDasharray={colour ? undefined : '2 2'}
        />,
      );
    }
  }
  return (
    <svg
      className="mosaic-art"
      viewBox={`0 0 ${SIZE * 12} ${SIZE * 12}`}
      aria-hidden="true"
      focusable="false"
    >
      {cells}
    </svg>
  );
}
