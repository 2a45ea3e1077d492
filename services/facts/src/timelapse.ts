/**
 * A canvas's purchase history in commit order, as the timelapse replays it: each commit (one paid
 * order granted on one board) with its time and its pixels (canvas offset `Y * 1225 + X` and RGB
 * colour). The canvas service encodes it from its board documents (the sale time and owner of every
 * pixel), the BFF passes the bytes through, the web app decodes and replays them, so the layout is
 * written once here. Pure: no I/O, no Node API (the web bundle imports it).
 *
 * The encoding is binary and delta-coded, so a full canvas (1,500,625 pixels) stays a few MB:
 *
 *   "TLH1"                           4 bytes, magic and version
 *   commitCount, pixelCount,         varints
 *   paletteSize
 *   startMs                          float64, little-endian (the first commit's time; 0 when none)
 *   palette                          paletteSize x 3 bytes RGB (distinct colours, first use first)
 *   per commit: dtMs, n              varints: ms since the previous commit (the first: since startMs)
 *     per pixel: dOffset, colour     varints: zigzag delta from the previous pixel's canvas offset
 *                                    (the stream's, across commits), and the palette index
 *
 * A varint is 7 bits a byte, low first; every field is an integer below 2^32 except dtMs (below 2^53).
 */
import { CANVAS_SIZE, TOTAL_PIXELS } from './grid.js';

export const HISTORY_MAGIC = 'TLH1';
export const HISTORY_CONTENT_TYPE = 'application/vnd.tessera.history';

/** One commit: its time and its pixels, each a canvas offset (Y * 1225 + X) and a 0xRRGGBB colour. */
export interface HistoryCommit {
  atMs: number;
  offsets: readonly number[];
  colors: readonly number[];
}

/** A decoded history as flat arrays (the replay reads them without allocating). */
export interface History {
  /** Time of each commit, ascending. */
  times: Float64Array;
  /** Number of pixels painted once commit i is done (cumulative, so commitEnd[last] = pixelCount). */
  commitEnd: Uint32Array;
  /** Canvas offset of each pixel in commit order. */
  offsets: Uint32Array;
  /** 0xRRGGBB of each pixel. */
  colors: Uint32Array;
}

/** Largest encoding of a varint of a value below 2^32 (5 bytes) and of a time delta (8 bytes). */
const VARINT32_MAX = 5;
const VARINT_TIME_MAX = 8;
const HEADER_BYTES = 4 + 3 * VARINT32_MAX + 8;

/** Bytes of the varint of `value`. */
export function varintLength(value: number): number {
  let n = 1;
  for (let v = value; v >= 0x80; v = Math.floor(v / 0x80)) n++;
  return n;
}

/**
 * The upper bound of an encoded history of `commits` commits over `spanMs` (last minus first commit
 * time), `pixels` pixels and `palette` colours: what the encoder can never exceed. A commit costs at
 * most the varint of the span and 3 bytes of pixel count; a pixel at most 3 bytes of offset delta
 * (|delta| < 2^21 zigzags below 2^22) and 3 of palette index (a canvas has fewer than 2^21 pixels).
 */
export function maxHistoryBytes(commits: number, spanMs: number, pixels: number, palette: number): number {
  return HEADER_BYTES + palette * 3 + commits * (varintLength(spanMs) + 3) + pixels * 6;
}

class Writer {
  private buf = new Uint8Array(1024);
  length = 0;

  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  byte(b: number): void {
    this.room(1);
    this.buf[this.length++] = b;
  }

  varint(value: number): void {
    this.room(VARINT_TIME_MAX);
    let v = value;
    while (v >= 0x80) {
      this.buf[this.length++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.buf[this.length++] = v;
  }

  float64(value: number): void {
    this.room(8);
    new DataView(this.buf.buffer).setFloat64(this.length, value, true);
    this.length += 8;
  }

  bytes(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

const zigzag = (n: number) => (n >= 0 ? n * 2 : -n * 2 - 1);
const unzigzag = (n: number) => (n % 2 === 0 ? n / 2 : -(n + 1) / 2);

function checkCommit(c: HistoryCommit, previousMs: number): void {
  if (!Number.isSafeInteger(c.atMs) || c.atMs < previousMs)
    throw new RangeError('commits must be in time order with integral times');
  if (c.offsets.length === 0 || c.offsets.length !== c.colors.length)
    throw new RangeError('a commit needs pixels, each with a colour');
}

/** Encodes commits (in time order) in the layout above. */
export function encodeHistory(commits: readonly HistoryCommit[]): Uint8Array {
  const palette = new Map<number, number>();
  const paletteList: number[] = [];
  let pixelCount = 0;
  let previousMs = commits[0]?.atMs ?? 0;
  for (const c of commits) {
    checkCommit(c, previousMs);
    previousMs = c.atMs;
    pixelCount += c.offsets.length;
    for (const color of c.colors) {
      if (!palette.has(color)) {
        palette.set(color, paletteList.length);
        paletteList.push(color);
      }
    }
  }
  if (pixelCount > TOTAL_PIXELS) throw new RangeError(`a canvas has ${TOTAL_PIXELS} pixels`);
  const w = new Writer();
  for (const ch of HISTORY_MAGIC) w.byte(ch.charCodeAt(0));
  w.varint(commits.length);
  w.varint(pixelCount);
  w.varint(paletteList.length);
  const startMs = commits[0]?.atMs ?? 0;
  w.float64(startMs);
  for (const color of paletteList) {
    w.byte((color >>> 16) & 0xff);
    w.byte((color >>> 8) & 0xff);
    w.byte(color & 0xff);
  }
  let lastMs = startMs;
  let lastOffset = 0;
  for (const c of commits) {
    w.varint(c.atMs - lastMs);
    lastMs = c.atMs;
    w.varint(c.offsets.length);
    c.offsets.forEach((offset, i) => {
      if (!Number.isInteger(offset) || offset < 0 || offset >= TOTAL_PIXELS)
        throw new RangeError(`pixel offset ${offset} is outside the canvas`);
      w.varint(zigzag(offset - lastOffset));
      lastOffset = offset;
      w.varint(palette.get(c.colors[i]!)!);
    });
  }
  return w.bytes();
}

class Reader {
  at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  byte(): number {
    if (this.at >= this.bytes.length) throw new RangeError('the history ends early');
    return this.bytes[this.at++]!;
  }

  varint(): number {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < VARINT_TIME_MAX; i++) {
      const b = this.byte();
      value += (b & 0x7f) * scale;
      if (b < 0x80) return value;
      scale *= 0x80;
    }
    throw new RangeError('a number in the history is too long');
  }

  float64(): number {
    if (this.at + 8 > this.bytes.length) throw new RangeError('the history ends early');
    const v = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.at, 8).getFloat64(0, true);
    this.at += 8;
    return v;
  }
}

/** Decodes an encoded history; throws RangeError on anything malformed. */
export function decodeHistory(bytes: Uint8Array): History {
  const r = new Reader(bytes);
  for (const ch of HISTORY_MAGIC)
    if (r.byte() !== ch.charCodeAt(0)) throw new RangeError('not a Tessera history');
  const commitCount = r.varint();
  const pixelCount = r.varint();
  const paletteSize = r.varint();
  if (pixelCount > TOTAL_PIXELS || commitCount > pixelCount || paletteSize > pixelCount)
    throw new RangeError('the history is larger than a canvas');
  let ms = r.float64();
  const palette = new Uint32Array(paletteSize);
  for (let i = 0; i < paletteSize; i++) palette[i] = (r.byte() << 16) | (r.byte() << 8) | r.byte();
  const times = new Float64Array(commitCount);
  const commitEnd = new Uint32Array(commitCount);
  const offsets = new Uint32Array(pixelCount);
  const colors = new Uint32Array(pixelCount);
  let p = 0;
  let offset = 0;
  for (let c = 0; c < commitCount; c++) {
    ms += r.varint();
    times[c] = ms;
    const n = r.varint();
    if (n === 0 || p + n > pixelCount) throw new RangeError('a commit has a wrong pixel count');
    for (let i = 0; i < n; i++, p++) {
      offset += unzigzag(r.varint());
      if (offset < 0 || offset >= TOTAL_PIXELS) throw new RangeError('a pixel is outside the canvas');
      const index = r.varint();
      if (index >= paletteSize) throw new RangeError('a colour is outside the palette');
      offsets[p] = offset;
      colors[p] = palette[index]!;
    }
    commitEnd[c] = p;
  }
  if (p !== pixelCount) throw new RangeError('the history has fewer pixels than it says');
  return { times, commitEnd, offsets, colors };
}

/** The canvas point of a canvas offset. */
export function pointOfOffset(offset: number): { x: number; y: number } {
  return { x: offset % CANVAS_SIZE, y: Math.floor(offset / CANVAS_SIZE) };
}

/** The canvas offset of a canvas point (X, Y from 0 to 1224). */
export function canvasOffset(x: number, y: number): number {
  return y * CANVAS_SIZE + x;
}
