/**
 * How an artwork is fitted onto a new canvas (RasterizeArtwork): "contain", centred on white. The
 * whole artwork is kept: it is scaled so that its longer side spans the canvas and its aspect ratio
 * is kept; the shorter side is centred, with white bands either side (an odd remainder puts the extra
 * pixel after the artwork: right or bottom). Pure: no I/O.
 */
export interface Placement {
  /** Size of the scaled artwork (1..side). */
  width: number;
  height: number;
  /** White bands around it; left + width + right = side, top + height + bottom = side. */
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** True when the artwork is enlarged (it is smaller than the canvas on both sides). */
  enlarged: boolean;
}

export function containPlacement(srcWidth: number, srcHeight: number, side: number): Placement {
  for (const [name, v] of [
    ['width', srcWidth],
    ['height', srcHeight],
    ['side', side],
  ] as const) {
    if (!Number.isInteger(v) || v < 1) throw new RangeError(`${name} must be a positive integer (got ${v})`);
  }
  const scale = Math.min(side / srcWidth, side / srcHeight);
  // the longer side spans the canvas exactly; the other is rounded and never drops to 0
  const width = srcWidth >= srcHeight ? side : Math.max(1, Math.min(side, Math.round(srcWidth * scale)));
  const height = srcHeight >= srcWidth ? side : Math.max(1, Math.min(side, Math.round(srcHeight * scale)));
  const left = Math.floor((side - width) / 2);
  const top = Math.floor((side - height) / 2);
  return {
    width,
    height,
    left,
    top,
    right: side - width - left,
    bottom: side - height - top,
    enlarged: scale > 1,
  };
}
