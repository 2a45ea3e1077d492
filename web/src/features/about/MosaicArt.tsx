// Decorative mosaic for the About hero: a small canvas of boards, some pixels still unsold.
const PALETTE = ['#D4E4BC', '#96ACB7', '#36558F', '#40376E', '#48233C', '#D17A22', '#B4C292', '#736F4E'];
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
