// The timelapse's replay, framework-free: which purchases are shown at a time or a step, and the frame
// they paint, kept incrementally (forward paints only the new pixels; backward repaints from blank).
import { CANVAS_SIZE } from '@tessera/facts/grid';
import type { History } from '@tessera/facts/timelapse';

/** Unsold pixels in the replay: white, as the live canvas shows them. */
export const BLANK_RGB = 0xffffff;

/** Commits done at time `t` (ms): those whose time is at or before it. */
export function commitsAtTime(history: History, t: number): number {
  let lo = 0;
  let hi = history.times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (history.times[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Pixels painted once `commits` commits are done. */
export function pixelsAfter(history: History, commits: number): number {
  return commits <= 0 ? 0 : history.commitEnd[Math.min(commits, history.commitEnd.length) - 1]!;
}

/** The time of the last commit shown at step `commits` (null before the first). */
export function timeAfter(history: History, commits: number): number | null {
  return commits <= 0 ? null : history.times[Math.min(commits, history.times.length) - 1]!;
}

/**
 * Playback: the step (commits done) after `elapsedMs` of playing from `from`, at `speed`; a whole
 * replay lasts `baseDurationMs / speed` however many commits there are (at least one commit a frame
 * of 1/60 s is never required: long histories skip commits between frames).
 */
export function stepAfter(
  total: number,
  from: number,
  elapsedMs: number,
  speed: number,
  baseDurationMs: number,
): number {
  if (total <= 0) return 0;
  const perMs = (total / baseDurationMs) * speed;
  return Math.min(total, from + Math.floor(elapsedMs * perMs));
}

/**
 * A frame of the replay as one value per canvas pixel, painted forward from blank: `show(k)` makes it
 * the canvas after the first k commits. `pixels` holds whatever the painter writes (0xRRGGBB, or a
 * palette index for the GIF export); `paint` maps a history colour to it.
 */
export class ReplayFrame<T extends Uint32Array | Uint8Array> {
  /** Commits painted so far. */
  shown = 0;
  /** The pixel range [from, to) changed by the last show (for a partial redraw). */
  changed: { from: number; to: number; reset: boolean } = { from: 0, to: 0, reset: true };

  constructor(
    readonly history: History,
    readonly pixels: T,
    private readonly blank: number,
    private readonly paint: (rgb: number) => number = (rgb) => rgb,
  ) {
    pixels.fill(blank);
  }

  static rgb(history: History): ReplayFrame<Uint32Array> {
    return new ReplayFrame(history, new Uint32Array(CANVAS_SIZE * CANVAS_SIZE), BLANK_RGB);
  }

  show(commits: number): void {
    const target = Math.max(0, Math.min(commits, this.history.times.length));
    const reset = target < this.shown;
    if (reset) {
      this.pixels.fill(this.blank);
      this.shown = 0;
    }
    const from = pixelsAfter(this.history, this.shown);
    const to = pixelsAfter(this.history, target);
    const { offsets, colors } = this.history;
    for (let i = from; i < to; i++) this.pixels[offsets[i]!] = this.paint(colors[i]!);
    this.shown = target;
    this.changed = { from, to, reset };
  }
}

/** Writes a frame of 0xRRGGBB values into RGBA bytes (an ImageData's), opaque. */
export function toRgba(pixels: Uint32Array, rgba: Uint8ClampedArray | Uint8Array): void {
  for (let i = 0, j = 0; i < pixels.length; i++, j += 4) {
    const c = pixels[i]!;
    rgba[j] = c >>> 16;
    rgba[j + 1] = (c >>> 8) & 0xff;
    rgba[j + 2] = c & 0xff;
    rgba[j + 3] = 255;
  }
}

/** The time label of a step: "Purchase k of N · <time>" (the start when nothing is shown yet). */
export function stepLabel(history: History, commits: number, format: (ms: number) => string): string {
  const total = history.times.length;
  if (total === 0) return 'No purchases yet';
  if (commits <= 0) return `Start · 0 of ${total} purchases`;
  return `Purchase ${Math.min(commits, total)} of ${total} · ${format(timeAfter(history, commits)!)}`;
}
