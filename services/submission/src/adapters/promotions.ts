/**
 * Hand-over records: one per canvas being replaced (`from-<canvas index>`), with the chosen
 * submission and how far the hand-over got. The id makes a second hand-over from the same canvas
 * (a redelivered sold-out event, an operator at the same time) resume the first instead of starting
 * another.
 */
import { DuplicateKeyError, insertOrGet, type Collection, type DocumentStore } from '@tessera/kit';

export type PromotionState = 'started' | 'created' | 'done';

export interface PromotionDoc {
  _id: string;
  /** The canvas replaced (the sold-out one, or the active one when an operator promotes); -1 for none. */
  fromCanvas: number;
  submissionId: string;
  /** "soldout", or the operator's name. */
  operator: string;
  state: PromotionState;
  startedAt: number;
  updatedAt: number;
  /** The canvas created from the submission (state created and done). */
  canvasIndex?: number;
}

export const promotionId = (fromCanvas: number) => `from-${fromCanvas}`;

export class PromotionRepository {
  private constructor(readonly c: Collection<PromotionDoc>) {}

  static async open(store: DocumentStore): Promise<PromotionRepository> {
    return new PromotionRepository(await store.collection<PromotionDoc>('promotions'));
  }

  get(id: string): Promise<PromotionDoc | null> {
    return this.c.findOne({ _id: id });
  }

  /**
   * Starts a record, or reads the one that exists for that canvas already (`inserted` false); null
   * when that one was abandoned again before it could be read.
   */
  async start(doc: PromotionDoc): Promise<{ doc: PromotionDoc; inserted: boolean } | null> {
    try {
      return await insertOrGet(this.c, doc, { _id: doc._id });
    } catch (err) {
      if (err instanceof DuplicateKeyError) return null;
      throw err;
    }
  }

  /** Drops a record that never got past `started` (its submission could not be taken). */
  async abandon(id: string): Promise<void> {
    await this.c.deleteOne({ _id: id, state: 'started' });
  }

  async advance(
    id: string,
    state: PromotionState,
    fields: Partial<PromotionDoc>,
    now: number,
  ): Promise<void> {
    await this.c.updateOne({ _id: id }, { $set: { ...fields, state, updatedAt: now } });
  }
}
