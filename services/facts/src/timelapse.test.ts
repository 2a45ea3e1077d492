import { describe, expect, it } from 'vitest';
import { TOTAL_PIXELS } from './grid.js';
import {
  canvasOffset,
  decodeHistory,
  encodeHistory,
  maxHistoryBytes,
  pointOfOffset,
  varintLength,
  type HistoryCommit,
} from './timelapse.js';

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every pixel of the canvas sold: `order` pixels a commit in row order of a shuffled board order. */
function fullCanvas(perCommit: number, paletteSize: number, shuffle: boolean): HistoryCommit[] {
  const rnd = random(7);
  const order = Array.from({ length: TOTAL_PIXELS }, (_, i) => i);
  if (shuffle)
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
  const commits: HistoryCommit[] = [];
  let at = Date.UTC(2026, 10, 1);
  for (let i = 0; i < order.length; i += perCommit) {
    const offsets = order.slice(i, i + perCommit);
    at += 1 + Math.floor(rnd() * 60_000);
    commits.push({
      atMs: at,
      offsets,
      colors: offsets.map(() => Math.floor(rnd() * paletteSize) * 0x010203),
    });
  }
  return commits;
}

describe('purchase history encoding', () => {
  it('round-trips commits in order with their times, offsets and colours', () => {
    const commits: HistoryCommit[] = [
      {
        atMs: 1_700_000_000_000,
        offsets: [canvasOffset(3, 4), canvasOffset(4, 4)],
        colors: [0xff0000, 0x00ff00],
      },
      { atMs: 1_700_000_000_000, offsets: [canvasOffset(1224, 1224)], colors: [0xff0000] },
      { atMs: 1_700_000_900_123, offsets: [0, canvasOffset(600, 0)], colors: [0x123456, 0xffffff] },
    ];
    const h = decodeHistory(encodeHistory(commits));
    expect([...h.times]).toEqual([1_700_000_000_000, 1_700_000_000_000, 1_700_000_900_123]);
    expect([...h.commitEnd]).toEqual([2, 3, 5]);
    expect([...h.offsets]).toEqual(commits.flatMap((c) => c.offsets));
    expect([...h.colors]).toEqual(commits.flatMap((c) => c.colors));
    expect(pointOfOffset(h.offsets[2]!)).toEqual({ x: 1224, y: 1224 });
  });

  it('counts varint lengths as the encoder writes them', () => {
    expect([0, 127, 128, 16_383, 16_384, 2 ** 32].map(varintLength)).toEqual([1, 1, 2, 2, 3, 5]);
  });

  it('encodes an empty history', () => {
    const h = decodeHistory(encodeHistory([]));
    expect(h.times.length).toBe(0);
    expect(h.offsets.length).toBe(0);
  });

  it('refuses commits out of time order, empty commits and pixels outside the canvas', () => {
    expect(() =>
      encodeHistory([
        { atMs: 2, offsets: [1], colors: [1] },
        { atMs: 1, offsets: [2], colors: [1] },
      ]),
    ).toThrow(RangeError);
    expect(() => encodeHistory([{ atMs: 1, offsets: [], colors: [] }])).toThrow(RangeError);
    expect(() => encodeHistory([{ atMs: 1, offsets: [TOTAL_PIXELS], colors: [1] }])).toThrow(RangeError);
  });

  it('refuses malformed bytes with a RangeError, never a wrong history', () => {
    const good = encodeHistory([{ atMs: 5, offsets: [10, 20], colors: [1, 2] }]);
    expect(() => decodeHistory(new Uint8Array([1, 2, 3, 4]))).toThrow(RangeError);
    for (let cut = 0; cut < good.length; cut++)
      expect(() => decodeHistory(good.slice(0, cut))).toThrow(RangeError);
    const badColour = good.slice();
    badColour[badColour.length - 1] = 9; // palette index 9 of 2
    expect(() => decodeHistory(badColour)).toThrow(RangeError);
  });

  it('keeps a whole canvas sold in orders of 10 pixels (artist palette of 256) under 4 bytes a pixel', () => {
    const commits = fullCanvas(10, 256, false);
    const bytes = encodeHistory(commits);
    console.log(
      `full canvas, ${commits.length} commits of 10: ${bytes.length} bytes (${(bytes.length / TOTAL_PIXELS).toFixed(2)} a pixel)`,
    );
    expect(bytes.length).toBeLessThan(TOTAL_PIXELS * 4);
    const h = decodeHistory(bytes);
    expect(h.offsets.length).toBe(TOTAL_PIXELS);
    expect(h.commitEnd[h.commitEnd.length - 1]).toBe(TOTAL_PIXELS);
  });

  it('stays under maxHistoryBytes in the worst case: every pixel its own commit, anywhere, 65,536 colours', () => {
    const commits = fullCanvas(1, 65_536, true);
    const bytes = encodeHistory(commits);
    const palette = new Set(commits.map((c) => c.colors[0])).size;
    const span = commits[commits.length - 1]!.atMs - commits[0]!.atMs;
    const bound = maxHistoryBytes(commits.length, span, TOTAL_PIXELS, palette);
    console.log(
      `worst case: ${bytes.length} bytes (${(bytes.length / 2 ** 20).toFixed(1)} MiB), bound ${bound}`,
    );
    expect(bytes.length).toBeLessThanOrEqual(bound);
    expect(bytes.length).toBeLessThan(16 * 2 ** 20);
    const h = decodeHistory(bytes);
    expect(h.offsets[TOTAL_PIXELS - 1]).toBe(commits[commits.length - 1]!.offsets[0]);
  });
});
