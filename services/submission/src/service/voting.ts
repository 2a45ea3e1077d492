/**
 * Votes (brief invariant 5, spec section 4 "Voting"): one vote per user per submission; tapping the
 * same vote removes it, the opposite switches it; the net score is the sum of the current votes; a
 * submission at -10 or lower is removed. Only eligible voters' votes count (facts/eligibility): the
 * others are refused before step 1, and votes cast before the rule are taken back by the migration
 * (vote-migration.ts) through these same steps (`withdraw`).
 *
 * Without multi-document transactions, a vote is three single-document steps, in this order:
 * 1. the voter's vote document changes (one insert or compare-and-set on its version, allowed only
 *    when no change of that voter is pending) and records the change as pending {version, delta};
 * 2. the submission's net score takes the delta, and the voter's `applied` marker takes the version,
 *    in one conditional update that is refused once that version is applied: repeating it is a no-op;
 *    if the net score is now -10 or lower, the submission is removed (a conditional update);
 * 3. the pending change is cleared.
 * A crash after step 1 leaves the change pending: the voter's next vote finishes it first, and the
 * repair sweep (at start and every REPAIR_EVERY_MS) finishes any pending longer than REPAIR_AFTER_MS,
 * so the net score always ends equal to the sum of the current votes. Votes of different users touch
 * different vote documents and meet only in step 2's atomic increment.
 */
import { appError } from '@tessera/kit';
import { voterKey, VoteRepository, type VoteDoc } from '../adapters/votes.js';
import {
  applyVote,
  isRemovedByVotes,
  isVoteType,
  REMOVAL_SCORE,
  SUBMISSION_MESSAGES,
  type UserVoteType,
  type VoteChange,
} from '@tessera/facts/submissions';
import { VOTE_REFUSAL_MESSAGES, VOTER_NOT_ELIGIBLE } from '@tessera/facts/eligibility';
import type { SubmissionDoc } from '../domain/submission.js';
import type { SubmissionDeps } from './deps.js';
import type { VoterEligibility } from './eligibility.js';
import { publishDeleted, publishVoted } from './submission-events.js';

export const REPAIR_AFTER_MS = 10_000;
export const REPAIR_EVERY_MS = 30_000;
/** Attempts when the same voter's own changes race (each attempt moves one of them forward). */
const MAX_ATTEMPTS = 50;

export interface VoteResult {
  userVoteType: UserVoteType;
  netScore: number;
  deleted: boolean;
}

export class Voting {
  constructor(
    private readonly deps: SubmissionDeps,
    private readonly eligibility: VoterEligibility,
  ) {}

  /**
   * A vote by `userId`. Only a counted vote reaches the protocol: the author's own vote and a vote
   * by an account that may not vote (facts/eligibility) are refused with 403 before anything moves.
   */
  async vote(userId: string, submissionId: string, voteType: number): Promise<VoteResult> {
    if (!isVoteType(voteType))
      throw appError('VALIDATION_ERROR', SUBMISSION_MESSAGES.invalidVote, { field: 'voteType' });
    const sub = await this.deps.submissions.get(submissionId);
    if (!sub || sub.status !== 'active')
      throw appError('NOT_FOUND', SUBMISSION_MESSAGES.notFound, { field: 'id' });
    const refusal = await this.eligibility.refusal(userId, sub.userId);
    if (refusal === 'own') throw appError('FORBIDDEN', VOTE_REFUSAL_MESSAGES.own, { field: 'id' });
    if (refusal === 'ineligible') throw appError(VOTER_NOT_ELIGIBLE, VOTE_REFUSAL_MESSAGES.ineligible);
    const done = await this.change(submissionId, userId, (current) => applyVote(current, voteType));
    return done ?? { userVoteType: 0, netScore: sub.netScore, deleted: false };
  }

  /**
   * Takes back a vote that must not count (the eligibility migration, vote-migration.ts) through
   * the same protocol, so a crash half-way is finished like any other change. Null when there was
   * nothing to take back.
   */
  withdraw(submissionId: string, userId: string): Promise<VoteResult | null> {
    return this.change(submissionId, userId, (current) =>
      current === 0 ? null : { next: 0, delta: -current },
    );
  }

  /** Steps 1 to 3 for the change `decide` picks from the voter's current vote (null: none). */
  private async change(
    submissionId: string,
    userId: string,
    decide: (current: UserVoteType) => VoteChange | null,
  ): Promise<VoteResult | null> {
    const { submissions, votes, now } = this.deps;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const sub = await submissions.get(submissionId);
      if (!sub || sub.status !== 'active')
        throw appError('NOT_FOUND', SUBMISSION_MESSAGES.notFound, { field: 'id' });
      const current = await votes.get(submissionId, userId);
      if (current?.pending) {
        await this.settle(current);
        continue;
      }
      const t = decide(current?.value ?? 0);
      if (t === null) return null;
      if (!(await votes.begin(current, { submissionId, userId }, t.next, t.delta, now()))) continue;
      const version = (current?.version ?? 0) + 1;
      const after = await this.apply(
        VoteRepository.id(submissionId, userId),
        submissionId,
        userId,
        version,
        t.delta,
      );
      return { userVoteType: t.next, netScore: after.netScore, deleted: after.status !== 'active' };
    }
    throw appError('CONFLICT', 'Too many votes at once. Please try again.');
  }

  /** Steps 2 and 3 of a change already recorded on the vote document; safe to repeat. */
  private async apply(
    voteId: string,
    submissionId: string,
    userId: string,
    version: number,
    delta: number,
  ): Promise<SubmissionDoc> {
    const { submissions, votes, now, logger } = this.deps;
    const applied = await submissions.applyVote(submissionId, voterKey(userId), version, delta);
    const doc = applied ?? (await submissions.get(submissionId));
    if (!doc) throw appError('NOT_FOUND', SUBMISSION_MESSAGES.notFound, { field: 'id' });
    let result = doc;
    if (doc.status === 'active' && isRemovedByVotes(doc.netScore))
      result = (await this.removeByVotes(doc)) ?? doc;
    await votes.finish(voteId, version);
    if (applied) {
      logger.debug({ submissionId, version, delta, netScore: doc.netScore }, 'vote applied');
      await publishVoted(this.deps, { voteId, version, voterId: userId }, doc, {
        deleted: result.status !== 'active',
        atMs: now(),
      });
    }
    return { ...result, netScore: doc.netScore };
  }

  private async removeByVotes(doc: SubmissionDoc): Promise<SubmissionDoc | null> {
    const { submissions, now, logger } = this.deps;
    const ended = await submissions.end(
      doc._id,
      'removed',
      { endedAt: now(), endedBy: 'votes', endReason: `net score ${REMOVAL_SCORE} or lower` },
      ['active'],
      { netScore: { $lte: REMOVAL_SCORE } },
    );
    if (ended) {
      logger.info({ submissionId: doc._id, netScore: ended.netScore }, 'submission removed by downvotes');
      await publishDeleted(this.deps, { ...doc, netScore: ended.netScore }, now());
    }
    return ended;
  }

  /** Finishes a change left pending (a crash, or a concurrent request of the same voter). */
  async settle(vote: VoteDoc): Promise<void> {
    if (!vote.pending) return;
    await this.apply(vote._id, vote.submissionId, vote.userId, vote.pending.version, vote.pending.delta);
  }

  /**
   * The repair sweep: finishes changes pending for longer than `olderThanMs` and removes active
   * submissions left at -10 or lower. Returns how many it finished.
   */
  async repair(olderThanMs = REPAIR_AFTER_MS): Promise<number> {
    const { votes, submissions, now } = this.deps;
    let finished = 0;
    for (const v of await votes.stalled(now() - olderThanMs)) {
      await this.settle(v);
      finished++;
    }
    for (const doc of await submissions.overdueRemovals(REMOVAL_SCORE)) await this.removeByVotes(doc);
    return finished;
  }
}
