/**
 * The vote eligibility migration (brief invariant 5): votes cast before only eligible votes counted
 * stop counting when their voter may not vote (facts/eligibility) or voted on their own submission.
 * Each is taken back through the vote protocol (`Voting.withdraw`: the vote becomes 0 and the net
 * score moves by minus its value in the same crash-safe steps as any vote), so afterwards the net
 * score is the sum of the counted votes, and a submission whose counted score is -10 or lower is
 * removed like any other. Votes on ended submissions are left as they are (no score of theirs is
 * shown or used).
 *
 * It runs with the vote repair sweep (at start, then every REPAIR_EVERY_MS) until it has finished
 * once, then stores a marker. Running it again is harmless: a taken-back vote is 0 and is skipped.
 * A pass that fails (identity unreachable) stores no marker and is tried again by the next sweep.
 */
import { appErrorCode } from '@tessera/kit';
import type { SubmissionDoc } from '../domain/submission.js';
import type { SubmissionDeps } from './deps.js';
import type { VoterEligibility } from './eligibility.js';
import type { Voting } from './voting.js';

export const VOTE_ELIGIBILITY_MIGRATION = 'migration:vote-eligibility-1';
/** Votes read (and voters asked about) per step. */
const PAGE = 200;

export class VoteMigration {
  private finished = false;

  constructor(
    private readonly deps: SubmissionDeps,
    private readonly voting: Voting,
    private readonly eligibility: VoterEligibility,
  ) {}

  /** Runs the migration unless it has finished before (marker); the votes taken back, else null. */
  async ensure(): Promise<number | null> {
    if (this.finished) return null;
    const { contributors, now, logger } = this.deps;
    if (await contributors.migrated(VOTE_ELIGIBILITY_MIGRATION)) {
      this.finished = true;
      return null;
    }
    const count = await this.run();
    await contributors.markMigrated(VOTE_ELIGIBILITY_MIGRATION, now(), count);
    this.finished = true;
    logger.info({ withdrawn: count }, 'vote eligibility migration finished');
    return count;
  }

  /** One pass over every vote that is not 0: takes back those that must not count. */
  async run(): Promise<number> {
    const { votes, submissions } = this.deps;
    const subs = new Map<string, SubmissionDoc | null>();
    let after = '';
    let withdrawn = 0;
    for (;;) {
      const page = await votes.countedAfter(after, PAGE);
      if (page.length === 0) return withdrawn;
      after = page[page.length - 1]!._id;
      for (const v of page)
        if (!subs.has(v.submissionId)) subs.set(v.submissionId, await submissions.get(v.submissionId));
      const eligible = await this.eligibility.eligibleAmong(page.map((v) => v.userId));
      for (const v of page) {
        const sub = subs.get(v.submissionId);
        if (!sub || sub.status !== 'active') continue;
        if (v.userId !== sub.userId && eligible.has(v.userId)) continue;
        if (await this.withdraw(v.submissionId, v.userId)) withdrawn++;
      }
    }
  }

  private async withdraw(submissionId: string, userId: string): Promise<boolean> {
    try {
      return (await this.voting.withdraw(submissionId, userId)) !== null;
    } catch (err) {
      // ended meanwhile (removed, deleted, promoted): its score no longer matters
      if (appErrorCode(err) === 'NOT_FOUND') return false;
      throw err;
    }
  }
}
