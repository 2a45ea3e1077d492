/**
 * A canvas iteration as stored, and the per-canvas summary of its boards (sold count and version of
 * each), from which the canvas-wide sold count, version and the random-pixel weights are derived.
 */
import { PIXELS_PER_BOARD, TOTAL_BOARDS, TOTAL_PIXELS } from '@tessera/facts/grid';
import { BoardVersions } from '@tessera/facts/versions';

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
  /** The artist's name (the source submission's author); absent on canvases made before it was kept. */
  artist?: string;
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

/** Sold count and content version of every board of one canvas. */
export class CanvasSummary {
  readonly sold = new Int32Array(TOTAL_BOARDS);
  /** The board versions, whose sum is the canvas version (the renderer keeps the same for its frames). */
  readonly versions = new BoardVersions();

  /** Records a board's state; a state older than the one known is ignored. */
  update(boardIndex: number, soldCount: number, version: number): void {
    if (this.versions.note(boardIndex, version)) this.sold[boardIndex] = soldCount;
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
    return this.versions.total();
  }

  unsold(boardIndex: number): number {
    return PIXELS_PER_BOARD - (this.sold[boardIndex] ?? 0);
  }
}
