/**
 * Per-canvas summaries (sold count and version of each board) kept in memory: loaded with one small
 * projected query, updated at once by this process's own writes, and reloaded after a TTL so
 * writes of other replicas show up. Board reads also refresh their board's entry. `fresh` reloads at
 * once (the sell-out check after a board fills up).
 */
import { SingleFlight } from '@tessera/kit';
import { CanvasSummary } from '../domain/canvas.js';
import type { BoardRepository } from '../adapters/boards.js';

export class SummaryCache {
  /** The summary of each canvas, loaded once for everyone asking at the same time, kept `ttlMs`. */
  private readonly summaries: SingleFlight<number, CanvasSummary>;

  constructor(
    private readonly boards: BoardRepository,
    now: () => number,
    ttlMs: number,
  ) {
    this.summaries = new SingleFlight({ ttlMs, now });
  }

  get(canvasIndex: number): Promise<CanvasSummary> {
    return this.summaries.run(canvasIndex, () => this.load(canvasIndex));
  }

  /**
   * Reloads now from the store (never sharing a load that began earlier), so it reflects every
   * write that completed before the call, by any replica.
   */
  async fresh(canvasIndex: number): Promise<CanvasSummary> {
    const summary = await this.load(canvasIndex);
    this.summaries.set(canvasIndex, summary);
    return summary;
  }

  /** Records a board state seen by this process (a write or a read). */
  note(canvasIndex: number, boardIndex: number, soldCount: number, version: number): void {
    this.summaries.peek(canvasIndex)?.update(boardIndex, soldCount, version);
  }

  /** The rows of the store applied to the summary kept so far (or a new one). */
  private async load(canvasIndex: number): Promise<CanvasSummary> {
    const rows = await this.boards.summaries(canvasIndex);
    const summary = this.summaries.peek(canvasIndex) ?? new CanvasSummary();
    for (const r of rows) summary.update(r.boardIndex, r.soldCount, r.version);
    return summary;
  }
}
