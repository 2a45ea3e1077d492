/**
 * Per-canvas summaries (sold count and version of each board) kept in memory: loaded with one small
 * projected query, updated at once by this process's own writes, and reloaded after a TTL so
 * writes of other replicas show up. Board reads also refresh their board's entry. `fresh` reloads at
 * once (the sell-out check after a board fills up).
 */
import { CanvasSummary } from '../domain/canvas.js';
import type { BoardRepository } from '../adapters/boards.js';

interface Entry {
  summary: CanvasSummary;
  loadedAt: number;
}

export class SummaryCache {
  private readonly loaded = new Map<number, Entry>();
  private readonly loading = new Map<number, Promise<Entry>>();

  constructor(
    private readonly boards: BoardRepository,
    private readonly now: () => number,
    private readonly ttlMs: number,
  ) {}

  async get(canvasIndex: number): Promise<CanvasSummary> {
    const e = this.loaded.get(canvasIndex);
    if (e && this.now() - e.loadedAt < this.ttlMs) return e.summary;
    let p = this.loading.get(canvasIndex);
    if (!p) {
      p = this.load(canvasIndex, e?.summary).finally(() => this.loading.delete(canvasIndex));
      this.loading.set(canvasIndex, p);
    }
    return (await p).summary;
  }

  /**
   * Reloads now from the store (never sharing a load that began earlier), so it reflects every
   * write that completed before the call, by any replica.
   */
  async fresh(canvasIndex: number): Promise<CanvasSummary> {
    return (await this.load(canvasIndex, this.loaded.get(canvasIndex)?.summary)).summary;
  }

  /** Records a board state seen by this process (a write or a read). */
  note(canvasIndex: number, boardIndex: number, soldCount: number, version: number): void {
    this.loaded.get(canvasIndex)?.summary.update(boardIndex, soldCount, version);
  }

  private async load(canvasIndex: number, previous: CanvasSummary | undefined): Promise<Entry> {
    const rows = await this.boards.summaries(canvasIndex);
    const summary = previous ?? new CanvasSummary();
    for (const r of rows) summary.update(r.boardIndex, r.soldCount, r.version);
    const entry = { summary, loadedAt: this.now() };
    this.loaded.set(canvasIndex, entry);
    return entry;
  }
}
