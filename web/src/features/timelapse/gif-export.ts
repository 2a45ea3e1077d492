// The timelapse as an animated GIF, encoded in the browser with gifenc: a blank first frame, then
// `frames` steps spread evenly over the purchases (the last one shows every purchase and is held
// longer), one canvas pixel per image pixel. Colours come from the history itself: up to 255 distinct
// colours (plus white) exactly; more are reduced to 256 by gifenc's quantizer over the distinct colours.
import { CANVAS_SIZE } from '@tessera/facts/grid';
import type { History } from '@tessera/facts/timelapse';
import { GIFEncoder, nearestColorIndex, quantize, type Palette } from 'gifenc';
import { BLANK_RGB, ReplayFrame } from './replay.js';

export const GIF_FRAMES = 24;
export const GIF_FRAME_DELAY_MS = 120;
export const GIF_LAST_FRAME_DELAY_MS = 2000;

const rgbOf = (c: number) => [c >>> 16, (c >>> 8) & 0xff, c & 0xff];

/** The GIF palette of a history and a colour -> palette index map. */
export function gifPalette(history: History): { palette: Palette; indexOf: Map<number, number> } {
  const distinct = [...new Set([BLANK_RGB, ...history.colors])];
  const indexOf = new Map<number, number>();
  if (distinct.length <= 256) {
    distinct.forEach((c, i) => indexOf.set(c, i));
    return { palette: distinct.map(rgbOf), indexOf };
  }
  const rgba = new Uint8Array(distinct.length * 4);
  distinct.forEach((c, i) => rgba.set([...rgbOf(c), 255], i * 4));
  const palette = quantize(rgba, 256, { format: 'rgb565' });
  for (const c of distinct) indexOf.set(c, nearestColorIndex(palette, rgbOf(c)));
  return { palette, indexOf };
}

/** The steps (commits shown) of the frames: 0 first, the last purchase last, at most `frames` + 1. */
export function gifSteps(total: number, frames = GIF_FRAMES): number[] {
  const n = Math.min(frames, total);
  const steps = [0];
  for (let k = 1; k <= n; k++) steps.push(Math.round((total * k) / n));
  return steps;
}

/**
 * Encodes the replay; `yieldNow` runs between frames (the page passes a macrotask so it stays
 * responsive, and reports progress through `onFrame`).
 */
export async function encodeTimelapseGif(
  history: History,
  opts: {
    frames?: number;
    onFrame?: (done: number, total: number) => void;
    yieldNow?: () => Promise<void>;
  } = {},
): Promise<Uint8Array> {
  const { palette, indexOf } = gifPalette(history);
  const frame = new ReplayFrame(
    history,
    new Uint8Array(CANVAS_SIZE * CANVAS_SIZE),
    indexOf.get(BLANK_RGB)!,
    (rgb) => indexOf.get(rgb)!,
  );
  const gif = GIFEncoder();
  const steps = gifSteps(history.times.length, opts.frames);
  for (const [i, step] of steps.entries()) {
    frame.show(step);
    const last = i === steps.length - 1;
    gif.writeFrame(frame.pixels, CANVAS_SIZE, CANVAS_SIZE, {
      ...(i === 0 ? { palette, repeat: 0 } : {}),
      delay: last ? GIF_LAST_FRAME_DELAY_MS : GIF_FRAME_DELAY_MS,
    });
    opts.onFrame?.(i + 1, steps.length);
    if (opts.yieldNow) await opts.yieldNow();
  }
  gif.finish();
  return gif.bytes();
}
