// Draws a board's 49 x 49 pixels at 10 px each on a canvas element, with faint grid lines.
import { useEffect, useRef } from 'react';
import { PIXELS_PER_SIDE } from '../../lib/board.js';
import { pixelAt, type PixelMap } from './board-pixels.js';

export const PIXEL_SIZE = 10;
const SIDE = PIXELS_PER_SIDE * PIXEL_SIZE;

export function PixelGrid({ pixels, label }: { pixels: PixelMap; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const ctx = ref.current?.getContext('2d');
    if (!ctx) return;
    for (let y = 0; y < PIXELS_PER_SIDE; y++) {
      for (let x = 0; x < PIXELS_PER_SIDE; x++) {
        ctx.fillStyle = pixelAt(pixels, x, y).currentColor;
        ctx.fillRect(x * PIXEL_SIZE, y * PIXEL_SIZE, PIXEL_SIZE, PIXEL_SIZE);
      }
    }
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.08)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let i = 1; i < PIXELS_PER_SIDE; i++) {
      const p = i * PIXEL_SIZE + 0.5;
      ctx.moveTo(p, 0);
      ctx.lineTo(p, SIDE);
      ctx.moveTo(0, p);
      ctx.lineTo(SIDE, p);
    }
    ctx.stroke();
  }, [pixels]);

  return <canvas ref={ref} className="pixel-grid" width={SIDE} height={SIDE} role="img" aria-label={label} />;
}
