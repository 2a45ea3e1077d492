/**
 * A canvas iteration as stored, and the per-canvas summary of its boards (sold count and version of
 * each), from which the canvas-wide sold count, version and the random-pixel weights are derived.
 */
import { PIXELS_PER_BOARD, TOTAL_BOARDS, TOTAL_PIXELS } from '@tessera/facts/grid';

export interface CanvasDoc {
  _id: string; // `canvas-${canvasIndex}`
  canvasIndex: number;
  name: string;
  description: string;
  /** 'creating' until every board exists; only 'ready' canvases are listed or activated. */
  state: 'creating' | 'ready';
  createdAt: number;
  soldOut: boolean;
  soldOutAt: number;
  sourceSubmissionId: string;
  /**
   * The same id, set only when there is one: it carries the sparse unique index that makes creation
   * idempotent per source (canvases made without a source leave it out, so they never collide).
   */
  source?: string;
}

/** The one document naming the active canvas: activation is one atomic write. */
export interface ActivePointer {
  _id: 'active';
  canvasIndex: number;
  activatedAt: number;
  /** The canvas active before (-1 when none; absent on pointers written before it was kept). */
  previousCanvasIndex?: number;
}

export function canvasId(canvasIndex: number): string {
  return `canvas-${canvasIndex}`;
}

export function isCanvasIndex(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= 0x7fffffff;
}

/** Sold count and content version of every board of one canvas. */
export class CanvasSummary {
  readonly sold = new Int32Array(TOTAL_BOARDS);
  readonly versions = new Float64Array(TOTAL_BOARDS);

  /** Records a board's state; an older version than the one known is ignored. */
  update(boardIndex: number, soldCount: number, version: number): void {
    if (version < (this.versions[boardIndex] ?? 0)) return;
    this.sold[boardIndex] = soldCount;
    this.versions[boardIndex] = version;
  }

  soldPixels(): number {
    let n = 0;
    for (const s of this.sold) n += s;
    return n;
  }

  unsoldPixels(): number {
    return TOTAL_PIXELS - this.soldPixels();
  }

  /** Sum of the board versions: increases with every change of any board. */
  version(): number {
    let v = 0;
    for (const x of this.versions) v += x;
    return v;
  }

  unsold(boardIndex: number): number {
    return PIXELS_PER_BOARD - (this.sold[boardIndex] ?? 0);
  }
}
