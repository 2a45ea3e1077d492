/**
 * The in-memory RGB frames of one canvas (live and preview, 1225 x 1225 x 3 bytes each) and the
 * version of each board they reflect. Built from whole boards, then kept current by applying
 * committed pixels; applying the same pixels again changes nothing (a sold pixel never changes).
 *
 * The frame's tag identifies its content: the canvas version (the sum of the board versions, kept
 * by @tessera/facts/versions' BoardVersions like the canvas service's own) plus an order-independent
 * hash of the (board, version) pairs, so two renderer replicas that reflect the same board versions
 * give the same ETag. A pixel change that arrives out of order (with a board version not newer than
 * the one already reflected) also bumps a local counter, so the tag never stays the same over a
 * change.
 */
import {
  BOARD_RGB_BYTES,
  BOARD_SIZE,
  CANVAS_RGB_BYTES,
  CANVAS_SIZE,
  canvasPixelOf,
  copyBoardTile,
  isPixelCoordinate,
  pixelOffset,
  TOTAL_BOARDS,
} from '@tessera/facts/grid';
import { isSold } from '@tessera/facts/owners';
import { BoardVersions } from '@tessera/facts/versions';
import type { Rgb } from '@tessera/facts/colour';

export interface BoardState {
  boardIndex: number;
  /** 2401 x 3 bytes. */
  defaultColors: Uint8Array;
  currentColors: Uint8Array;
  /** The owner slots of @tessera/facts/owners (only sold or not matters here). */
  ownerSlots: Uint8Array;
  version: number;
}

export interface FramePixel {
  x: number;
  y: number;
  rgb: Rgb;
}

function mix(board: number, version: number): number {
  let h = Math.imul(board + 0x9e3779b9, 0x85ebca6b) ^ Math.imul(version + 0x7f4a7c15, 0xc2b2ae35);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 12)) >>> 0;
}

/** Byte offset of in-board pixel (x, y) of a board in a frame. */
export function frameOffset(boardIndex: number, x: number, y: number): number {
  const p = canvasPixelOf(boardIndex, x, y);
  return (p.y * CANVAS_SIZE + p.x) * 3;
}

export class CanvasFrame {
  readonly live = Buffer.alloc(CANVAS_RGB_BYTES, 255);
  readonly preview = Buffer.alloc(CANVAS_RGB_BYTES, 255);
  readonly boardVersions = new BoardVersions();
  private hash = 0;
  private local = 0;

  constructor(readonly canvasIndex: number) {
    for (let b = 0; b < TOTAL_BOARDS; b++) this.hash = (this.hash + mix(b, 0)) >>> 0;
  }

  /** Records the board's version (false for an older one than reflected) and keeps the tag's hash with it. */
  private noteVersion(boardIndex: number, version: number): boolean {
    const old = this.boardVersions.of(boardIndex);
    if (!this.boardVersions.note(boardIndex, version)) return false;
    if (version > old) this.hash = (this.hash - mix(boardIndex, old) + mix(boardIndex, version)) >>> 0;
    return true;
  }

  /** Writes a whole board (initial build); older than the version reflected: ignored. */
  applyBoard(s: BoardState): void {
    if (!this.noteVersion(s.boardIndex, s.version)) return;
    const { live, preview } = this;
    for (let y = 0; y < BOARD_SIZE; y++) {
      let at = frameOffset(s.boardIndex, 0, y);
      for (let x = 0, o = pixelOffset(0, y); x < BOARD_SIZE; x++, o++, at += 3) {
        const sold = isSold(s.ownerSlots, o);
        // live: sold pixels on white; preview: the artist's colours with the sold pixels over them
        const src = sold ? s.currentColors : s.defaultColors;
        preview[at] = src[o * 3] ?? 0;
        preview[at + 1] = src[o * 3 + 1] ?? 0;
        preview[at + 2] = src[o * 3 + 2] ?? 0;
        live[at] = sold ? (src[o * 3] ?? 0) : 255;
        live[at + 1] = sold ? (src[o * 3 + 1] ?? 0) : 255;
        live[at + 2] = sold ? (src[o * 3 + 2] ?? 0) : 255;
      }
    }
  }

  /** Applies sold pixels of one board; returns true when the frames changed. */
  applyPixels(boardIndex: number, pixels: readonly FramePixel[], boardVersion: number): boolean {
    let changed = false;
    const reflected = this.boardVersions.of(boardIndex);
    for (const p of pixels) {
      if (!isPixelCoordinate(p.x) || !isPixelCoordinate(p.y)) continue;
      const at = frameOffset(boardIndex, p.x, p.y);
      for (const frame of [this.live, this.preview]) {
        if (frame[at] !== p.rgb[0] || frame[at + 1] !== p.rgb[1] || frame[at + 2] !== p.rgb[2]) {
          frame.set(p.rgb, at);
          changed = true;
        }
      }
    }
    this.noteVersion(boardIndex, boardVersion);
    if (boardVersion <= reflected && changed) this.local++;
    return changed;
  }

  /** The canvas version the frames reflect: the sum of their board versions (the canvas service's rule). */
  version(): number {
    return this.boardVersions.total();
  }

  /** Content identity: `c{canvas}-v{version}-{hash}` (plus `-l{n}` after out-of-order changes). */
  tag(): string {
    const base = `c${this.canvasIndex}-v${this.version()}-${this.hash.toString(36)}`;
    return this.local === 0 ? base : `${base}-l${this.local}-${INSTANCE}`;
  }

  /** The 49x49 RGB tile of a board. */
  boardTile(boardIndex: number, view: 'live' | 'preview'): Buffer {
    const out = Buffer.alloc(BOARD_RGB_BYTES);
    copyBoardTile(view === 'live' ? this.live : this.preview, boardIndex, out);
    return out;
  }
}

/** Distinguishes this process in tags that are local to it. */
const INSTANCE = Math.random().toString(36).slice(2, 8);
