/**
 * The votes collection: one document per (submission, voter) with the voter's current vote, a
 * version that increases with every change, and while a change is being applied to the submission's
 * net score, `pending` (that change's version and score delta). A change is one compare-and-set of
 * this document that is allowed only when nothing is pending, so one voter's changes are applied to
 * the net score one at a time and in order; whoever finds a pending change finishes it first
 * (see service/votes.ts).
 */
import { insertIfAbsent, sha256Base64url, type Collection, type DocumentStore } from '@tessera/kit';
import type { UserVoteType } from '@tessera/facts/submissions';

export interface VoteDoc {
  _id: string;
  submissionId: string;
  userId: string;
  /** The voter's key in the submission's `applied` markers (a hash: safe as a field name). */
  voter: string;
  value: UserVoteType;
  version: number;
  pending?: { version: number; delta: number; since: number };
}

/** A field-name-safe key per user (user ids may contain anything). */
export function voterKey(userId: string): string {
  return sha256Base64url(userId).slice(0, 22);
}

export class VoteRepository {
  private constructor(readonly c: Collection<VoteDoc>) {}

  static async open(store: DocumentStore): Promise<VoteRepository> {
    return new VoteRepository(
      await store.collection<VoteDoc>('votes', {
        indexes: [
          { fields: { submissionId: 1, userId: 1 } },
          { fields: { 'pending.since': 1 }, sparse: true },
        ],
      }),
    );
  }

  static id(submissionId: string, userId: string): string {
    return `${submissionId}:${voterKey(userId)}`;
  }

  get(submissionId: string, userId: string): Promise<VoteDoc | null> {
    return this.c.findOne({ _id: VoteRepository.id(submissionId, userId) });
  }

  /**
   * Records a change of the voter's vote to `next` from `current` (the document as read, with
   * nothing pending; null for a first vote): one insert or one compare-and-set on the version.
   * False when another change got there first.
   */
  async begin(
    current: VoteDoc | null,
    ids: { submissionId: string; userId: string },
    next: UserVoteType,
    delta: number,
    now: number,
  ): Promise<boolean> {
    if (!current) {
      const version = 1;
      // false: another first vote of this voter won
      return insertIfAbsent(this.c, {
        _id: VoteRepository.id(ids.submissionId, ids.userId),
        submissionId: ids.submissionId,
        userId: ids.userId,
        voter: voterKey(ids.userId),
        value: next,
        version,
        pending: { version, delta, since: now },
      });
    }
    const version = current.version + 1;
    const r = await this.c.updateOne(
      { _id: current._id, version: current.version, pending: { $exists: false } },
      { $set: { value: next, version, pending: { version, delta, since: now } } },
    );
    return r.modifiedCount === 1;
  }

  /** Clears the pending change once it is applied (only that version's). */
  async finish(id: string, version: number): Promise<void> {
    await this.c.updateOne({ _id: id, 'pending.version': version }, { $unset: { pending: '' } });
  }

  /** Changes pending since `before` or earlier (a crash between the steps): for the repair sweep. */
  stalled(before: number, limit = 100): Promise<VoteDoc[]> {
    return this.c.find({ 'pending.since': { $lte: before } }, { limit });
  }

  /** The viewer's votes on the given submissions. */
  async valuesOf(userId: string, submissionIds: string[]): Promise<Map<string, UserVoteType>> {
    if (submissionIds.length === 0) return new Map();
    const docs = await this.c.find({ userId, submissionId: { $in: submissionIds } });
    return new Map(docs.map((d) => [d.submissionId, d.value]));
  }

  /** Up to `limit` votes that are not 0, in id order after `afterId` (the eligibility migration). */
  countedAfter(afterId: string, limit: number): Promise<VoteDoc[]> {
    return this.c.find({ _id: { $gt: afterId }, value: { $ne: 0 } }, { sort: { _id: 1 }, limit });
  }

  /** Every vote of a submission (tests: the sum of current votes). */
  ofSubmission(submissionId: string): Promise<VoteDoc[]> {
    return this.c.find({ submissionId });
  }
}
