/**
 * Canvas documents (collection `canvases`, unique on canvasIndex) and the active-canvas pointer
 * (collection `meta`, document `active`): activating is one atomic write of that pointer.
 */
import { appError, insertIfAbsent, type Collection, type DocumentStore } from '@tessera/kit';
import { canvasId, type ActivePointer, type CanvasDoc } from '../domain/canvas.js';

/**
 * Writes of the active pointer tried before an activation gives up: each failed one means another
 * activation moved the pointer in between (rare: operators and hand-overs), so a bound this high is
 * only reached by a fight that would otherwise never end.
 */
export const ACTIVATE_ATTEMPTS = 20;

export class CanvasRepository {
  private constructor(
    private readonly canvases: Collection<CanvasDoc>,
    private readonly meta: Collection<ActivePointer>,
  ) {}

  static async open(store: DocumentStore): Promise<CanvasRepository> {
    const canvases = await store.collection<CanvasDoc>('canvases', {
      indexes: [
        { fields: { canvasIndex: 1 }, unique: true, name: 'canvas_index' },
        // one canvas per source submission (only documents that have `source`)
        { fields: { source: 1 }, unique: true, sparse: true, name: 'canvas_source' },
      ],
    });
    const meta = await store.collection<ActivePointer>('meta');
    return new CanvasRepository(canvases, meta);
  }

  get(canvasIndex: number): Promise<CanvasDoc | null> {
    return this.canvases.findOne({ _id: canvasId(canvasIndex) });
  }

  /** The canvas made from a source submission (in any state), if any. */
  findBySource(source: string): Promise<CanvasDoc | null> {
    return this.canvases.findOne({ source });
  }

  listReady(): Promise<CanvasDoc[]> {
    return this.canvases.find({ state: 'ready' }, { sort: { canvasIndex: 1 } });
  }

  countAll(): Promise<number> {
    return this.canvases.countDocuments({});
  }

  async highestIndex(): Promise<number> {
    const top = await this.canvases.findOne({}, { sort: { canvasIndex: -1 } });
    return top?.canvasIndex ?? 0;
  }

  /** Claims a canvas index (and its source, if any); false when another writer claimed either first. */
  insert(doc: CanvasDoc): Promise<boolean> {
    return insertIfAbsent(this.canvases, doc);
  }

  async markReady(canvasIndex: number): Promise<void> {
    await this.canvases.updateOne({ _id: canvasId(canvasIndex) }, { $set: { state: 'ready' } });
  }

  /** Marks a canvas sold out; true only for the one caller that changed it. */
  async markSoldOut(canvasIndex: number, now: number): Promise<boolean> {
    const res = await this.canvases.updateOne(
      { _id: canvasId(canvasIndex), soldOut: false },
      { $set: { soldOut: true, soldOutAt: now } },
    );
    return res.modifiedCount === 1;
  }

  async active(): Promise<ActivePointer | null> {
    return this.meta.findOne({ _id: 'active' });
  }

  /** Sets the pointer only when there is none yet (first start); true when this call set it. */
  activateIfNone(canvasIndex: number, now: number): Promise<boolean> {
    return insertIfAbsent(this.meta, {
      _id: 'active',
      canvasIndex,
      activatedAt: now,
      previousCanvasIndex: -1,
    });
  }

  /**
   * Points at `canvasIndex` with one conditional write (on the pointer as read; repeated when another
   * writer moved it meanwhile) and keeps the index it replaced. `previous` is that index (-1 when
   * none); when the canvas was active already, nothing changes and `previous` is the one kept from
   * its activation. Refused with CONFLICT after ACTIVATE_ATTEMPTS lost writes.
   */
  async activate(canvasIndex: number, now: number): Promise<{ previous: number; changed: boolean }> {
    for (let attempt = 0; attempt < ACTIVATE_ATTEMPTS; attempt++) {
      const cur = await this.meta.findOne({ _id: 'active' });
      if (!cur) {
        if (await this.activateIfNone(canvasIndex, now)) return { previous: -1, changed: true };
        continue;
      }
      if (cur.canvasIndex === canvasIndex) return { previous: cur.previousCanvasIndex ?? -1, changed: false };
      const res = await this.meta.updateOne(
        { _id: 'active', canvasIndex: cur.canvasIndex, activatedAt: cur.activatedAt },
        { $set: { canvasIndex, activatedAt: now, previousCanvasIndex: cur.canvasIndex } },
      );
      if (res.matchedCount === 1) return { previous: cur.canvasIndex, changed: true };
    }
    throw appError('CONFLICT', 'The active canvas changed too often to activate this one. Please try again.');
  }
}
