/**
 * The submissions collection over the document store. One active submission per user is a unique
 * sparse index on `activeOwner` (set only while active); every status change is one conditional
 * update that also removes `activeOwner`, so an ended submission frees its owner at once.
 */
import { insertIfAbsent, type Collection, type DocumentStore, type Filter } from '@tessera/kit';
import type { SortOrder } from '@tessera/facts/submissions';
import { literalPattern, sortFor, type SubmissionDoc, type SubmissionStatus } from '../domain/submission.js';

/** Lists never carry the per-voter markers. */
const LIST_PROJECTION = { applied: 0 } as const;

export class SubmissionRepository {
  private constructor(readonly c: Collection<SubmissionDoc>) {}

  static async open(store: DocumentStore): Promise<SubmissionRepository> {
    return new SubmissionRepository(
      await store.collection<SubmissionDoc>('submissions', {
        indexes: [
          { fields: { activeOwner: 1 }, unique: true, sparse: true, name: 'one_active_per_user' },
          { fields: { status: 1, netScore: -1, createdAt: -1 } },
          { fields: { status: 1, createdAt: -1 } },
          { fields: { userId: 1 } },
        ],
      }),
    );
  }

  /** Inserts an active submission; false when the owner already has one. */
  insertActive(doc: SubmissionDoc): Promise<boolean> {
    return insertIfAbsent(this.c, { ...doc, status: 'active', activeOwner: doc.userId });
  }

  get(id: string): Promise<SubmissionDoc | null> {
    return this.c.findOne({ _id: id }, { projection: LIST_PROJECTION });
  }

  activeOf(userId: string): Promise<SubmissionDoc | null> {
    return this.c.findOne({ activeOwner: userId }, { projection: LIST_PROJECTION });
  }

  private listFilter(search: string | null): Filter<SubmissionDoc> {
    if (!search) return { status: 'active' };
    const re = { $regex: literalPattern(search), $options: 'i' };
    return { status: 'active', $or: [{ title: re }, { username: re }] };
  }

  count(search: string | null): Promise<number> {
    return this.c.countDocuments(this.listFilter(search));
  }

  list(order: SortOrder, search: string | null, skip: number, limit: number): Promise<SubmissionDoc[]> {
    return this.c.find(this.listFilter(search), {
      sort: sortFor(order),
      skip,
      limit,
      projection: LIST_PROJECTION,
    });
  }

  /** The active submission first in hot order (the next canvas), or null. */
  async top(): Promise<SubmissionDoc | null> {
    return this.c.findOne({ status: 'active' }, { sort: sortFor('hot'), projection: LIST_PROJECTION });
  }

  /**
   * Applies one voter's vote (version `version`, score change `delta`) exactly once: the increment
   * and the voter's marker are one conditional update, refused when this or a later version of the
   * voter's vote is applied already. Returns the submission after the update, or null when it was
   * applied before (or the submission does not exist).
   */
  async applyVote(id: string, voter: string, version: number, delta: number): Promise<SubmissionDoc | null> {
    const marker = `applied.${voter}`;
    return this.c.findOneAndUpdate(
      { _id: id, $or: [{ [marker]: { $exists: false } }, { [marker]: { $lt: version } }] },
      { $inc: { netScore: delta }, $set: { [marker]: version } },
      { returnDocument: 'after' },
    );
  }

  /** Ends an active (or, with `from`, a given status) submission; false when it was not in that status. */
  async end(
    id: string,
    to: SubmissionStatus,
    fields: Partial<SubmissionDoc>,
    from: SubmissionStatus[] = ['active'],
    extra: Filter<SubmissionDoc> = {},
  ): Promise<SubmissionDoc | null> {
    return this.c.findOneAndUpdate(
      { _id: id, status: { $in: from }, ...extra },
      { $set: { ...fields, status: to }, $unset: { activeOwner: '' } },
      { returnDocument: 'after' },
    );
  }

  /** Active submissions at or below the removal score (a crash between a vote and its removal). */
  overdueRemovals(score: number): Promise<SubmissionDoc[]> {
    return this.c.find(
      { status: 'active', netScore: { $lte: score } },
      { projection: LIST_PROJECTION, limit: 100 },
    );
  }

  /** Recomputes nothing: the raw document with its voter markers (tests and repair). */
  raw(id: string): Promise<SubmissionDoc | null> {
    return this.c.findOne({ _id: id });
  }
}
