/**
 * The demo artwork a fresh store starts with: a pixel-art sunset over mountains and sea, drawn in
 * code (deterministic, no assets), as 1225 x 1225 default colours.
 */
import { rgbToHex, type Rgb } from '@tessera/facts/colour';
import { BOARD_SIZE, boardOrigin, CANVAS_SIZE, PIXELS_PER_BOARD, pixelOffset } from '@tessera/facts/grid';

export const DEMO_CANVAS = {
  name: 'Tessera Sunset',
  description:
    'A warm evening over the mountains, drawn tile by tile. Every pixel of this first canvas waits for a ' +
    'buyer: trust the artist and paint it in the colour they chose, or pick your own and leave your mark. ' +
    'When the last pixel is sold, the community-voted submission with the most votes becomes the next canvas.',
};

const SKY: Rgb[] = [
  [0x40, 0x37, 0x6e],
  [0x48, 0x23, 0x3c],
  [0x4c, 0x06, 0x1d],
  [0x8a, 0x2c, 0x2a],
  [0xd1, 0x7a, 0x22],
  [0xe8, 0xa8, 0x4a],
];
const SUN: Rgb = [0xf6, 0xd8, 0x7a];
const FAR: Rgb = [0x73, 0x6f, 0x4e];
const NEAR: Rgb = [0x3b, 0x39, 0x23];
const SEA: Rgb[] = [
  [0x36, 0x55, 0x8f],
  [0x2c, 0x46, 0x78],
  [0x96, 0xac, 0xb7],
];

const HORIZON = 820;

function ridge(x: number, base: number, amp: number, f: number, phase: number): number {
  return (
    base -
    amp *
      (0.55 * Math.sin(x * f + phase) +
        0.3 * Math.sin(x * f * 2.7 + phase * 1.9) +
        0.15 * Math.sin(x * f * 6.1))
  );
}

/** Colour of canvas pixel (x, y), snapped to 7 px cells so it reads as pixel art. */
export function demoColor(x: number, y: number): Rgb {
  const cx = x - (x % 7) + 3;
  const cy = y - (y % 7) + 3;
  const sunX = 760;
  const sunY = 690;
  if (cy < HORIZON) {
    const far = ridge(cx, 700, 120, 0.006, 1.3);
    const near = ridge(cx, 790, 90, 0.011, 4.2);
    if (cy > near) return NEAR;
    if (cy > far) return FAR;
    const d = Math.hypot(cx - sunX, cy - sunY);
    if (d < 150) return SUN;
    if (d < 175 && (cx + cy) % 14 < 7) return SKY[5]!;
    const band = Math.min(SKY.length - 1, Math.floor((cy / HORIZON) ** 1.4 * SKY.length));
    return SKY[band]!;
  }
  // the sea with the sun's broken reflection
  const depth = (cy - HORIZON) / (CANVAS_SIZE - HORIZON);
  const ripple = Math.sin(cx * 0.05 + cy * 0.3) > 0.6;
  const inPath = Math.abs(cx - sunX) < 150 * (1 - depth * 0.5) && ((cy / 7) | 0) % 2 === 0;
  if (inPath && ripple) return SUN;
  if (inPath) return SKY[4]!;
  if (ripple) return SEA[2]!;
  return depth < 0.4 ? SEA[0]! : SEA[1]!;
}

/** The default colours of one board, as 2401 hex colours concatenated (board document format). */
export function demoBoardColors(boardIndex: number): string {
  const { x: ox, y: oy } = boardOrigin(boardIndex);
  const parts: string[] = new Array<string>(PIXELS_PER_BOARD);
  for (let y = 0; y < BOARD_SIZE; y++) {
    for (let x = 0; x < BOARD_SIZE; x++)
      parts[pixelOffset(x, y)] = rgbToHex(demoColor(ox + x, oy + y)).slice(1);
  }
  return parts.join('');
}
