/**
 * Canvas documents (collection `canvases`, unique on canvasIndex) and the active-canvas pointer
 * (collection `meta`, document `active`): activating is one atomic write of that pointer.
 */
import { DuplicateKeyError, type Collection, type DocumentStore } from '@tessera/kit';
import { canvasId, type ActivePointer, type CanvasDoc } from '../domain/canvas.js';

export class CanvasRepository {
  private constructor(
    private readonly canvases: Collection<CanvasDoc>,
    private readonly meta: Collection<ActivePointer>,
  ) {}

  static async open(store: DocumentStore): Promise<CanvasRepository> {
    const canvases = await store.collection<CanvasDoc>('canvases', {
      indexes: [{ fields: { canvasIndex: 1 }, unique: true, name: 'canvas_index' }],
    });
    const meta = await store.collection<ActivePointer>('meta');
    return new CanvasRepository(canvases, meta);
  }

  get(canvasIndex: number): Promise<CanvasDoc | null> {
    return this.canvases.findOne({ _id: canvasId(canvasIndex) });
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

  /** Claims a canvas index; false when another writer claimed it first. */
  async insert(doc: CanvasDoc): Promise<boolean> {
    try {
      await this.canvases.insertOne(doc);
      return true;
    } catch (err) {
      if (err instanceof DuplicateKeyError) return false;
      throw err;
    }
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
  async activateIfNone(canvasIndex: number, now: number): Promise<boolean> {
    try {
      await this.meta.insertOne({ _id: 'active', canvasIndex, activatedAt: now });
      return true;
    } catch (err) {
      if (err instanceof DuplicateKeyError) return false;
      throw err;
    }
  }

  /** Points at `canvasIndex`; returns the previous active index (-1 when none). */
  async activate(canvasIndex: number, now: number): Promise<number> {
    const before = await this.meta.findOneAndUpdate(
      { _id: 'active' },
      { $set: { canvasIndex, activatedAt: now } },
      { upsert: true, returnDocument: 'before' },
    );
    return before?.canvasIndex ?? -1;
  }
}
