import { describe, expect, it } from 'vitest';
import { CANVAS_SIZE } from '@tessera/facts/grid';
import { decodeHistory, encodeHistory } from '@tessera/facts/timelapse';
import {
  BLANK_RGB,
  commitsAtTime,
  pixelsAfter,
  ReplayFrame,
  stepAfter,
  stepLabel,
  toRgba,
} from './replay.js';

const history = decodeHistory(
  encodeHistory([
    { atMs: 1000, offsets: [0, 1], colors: [0xff0000, 0xff0000] },
    { atMs: 2000, offsets: [CANVAS_SIZE], colors: [0x00ff00] },
    { atMs: 2000, offsets: [1], colors: [0x0000ff] },
    { atMs: 5000, offsets: [CANVAS_SIZE * CANVAS_SIZE - 1], colors: [0x123456] },
  ]),
);

describe('replay', () => {
  it('finds the commits done at a time', () => {
    expect([0, 999, 1000, 1999, 2000, 4999, 5000, 9000].map((t) => commitsAtTime(history, t))).toEqual([
      0, 0, 1, 1, 3, 3, 4, 4,
    ]);
    expect([0, 1, 2, 3, 4].map((k) => pixelsAfter(history, k))).toEqual([0, 2, 3, 4, 5]);
  });

  it('paints the frame at each step, forward and backward alike', () => {
    const frame = ReplayFrame.rgb(history);
    const at = (k: number) => {
      frame.show(k);
      return [
        frame.pixels[0],
        frame.pixels[1],
        frame.pixels[CANVAS_SIZE],
        frame.pixels[CANVAS_SIZE * CANVAS_SIZE - 1],
      ];
    };
    expect(at(0)).toEqual([BLANK_RGB, BLANK_RGB, BLANK_RGB, BLANK_RGB]);
    expect(at(1)).toEqual([0xff0000, 0xff0000, BLANK_RGB, BLANK_RGB]);
    expect(at(4)).toEqual([0xff0000, 0x0000ff, 0x00ff00, 0x123456]);
    expect(frame.changed).toEqual({ from: 2, to: 5, reset: false });
    // backward: the later commits are gone again
    expect(at(2)).toEqual([0xff0000, 0xff0000, 0x00ff00, BLANK_RGB]);
    expect(frame.changed.reset).toBe(true);
    expect(at(99)).toEqual(at(4));
  });

  it('plays the whole history in the base duration divided by the speed', () => {
    expect(stepAfter(4, 0, 0, 1, 10_000)).toBe(0);
    expect(stepAfter(4, 0, 5_000, 1, 10_000)).toBe(2);
    expect(stepAfter(4, 0, 5_000, 2, 10_000)).toBe(4);
    expect(stepAfter(4, 3, 60_000, 1, 10_000)).toBe(4);
    expect(stepAfter(0, 0, 5_000, 1, 10_000)).toBe(0);
  });

  it('labels a step with its purchase number and time', () => {
    const fmt = (ms: number) => `t=${ms}`;
    expect(stepLabel(history, 0, fmt)).toBe('Start · 0 of 4 purchases');
    expect(stepLabel(history, 3, fmt)).toBe('Purchase 3 of 4 · t=2000');
    expect(stepLabel(decodeHistory(encodeHistory([])), 0, fmt)).toBe('No purchases yet');
  });

  it('writes RGBA bytes', () => {
    const rgba = new Uint8Array(8);
    toRgba(new Uint32Array([0x123456, 0xffffff]), rgba);
    expect([...rgba]).toEqual([0x12, 0x34, 0x56, 255, 255, 255, 255, 255]);
  });
});
