/**
 * Who may vote (`@tessera/facts/eligibility`): a voter with a verified e-mail address (identity's
 * GetVerifiedUsers) or at least one paid pixel on any canvas (the buyers recorded from
 * `tessera.pixels.committed`, adapters/contributors.ts). The paid pixel is asked first (the local
 * store); identity only when there is none. Both facts only ever become true, so an eligible voter
 * is remembered (bounded) and asked about no more.
 */
import {
  isEligibleVoter,
  voteRefusal,
  type VoteRefusal,
  type VoterStanding,
} from '@tessera/facts/eligibility';
import { BoundedMap } from '@tessera/kit';
import type { SubmissionDeps } from './deps.js';

/** Most voters remembered as eligible (the oldest is forgotten first, then asked about again). */
export const ELIGIBLE_MEMORY = 50_000;
/** Ids per GetVerifiedUsers call (identity's limit is 200). */
const BATCH = 200;

export class VoterEligibility {
  private readonly eligible = new BoundedMap<string, true>(ELIGIBLE_MEMORY);

  constructor(private readonly deps: Pick<SubmissionDeps, 'contributors' | 'identity'>) {}

  /** Why `voterId`'s vote on a submission by `authorId` is refused; null when it counts. */
  async refusal(voterId: string, authorId: string): Promise<VoteRefusal | null> {
    // the author is refused without asking anyone
    if (voterId === authorId) return voteRefusal(voterId, authorId, NO_STANDING);
    const standing = (await this.standings([voterId])).get(voterId) ?? NO_STANDING;
    return voteRefusal(voterId, authorId, standing);
  }

  /** The users among `userIds` who may vote. */
  async eligibleAmong(userIds: string[]): Promise<Set<string>> {
    const standings = await this.standings(userIds);
    return new Set([...standings].filter(([, s]) => isEligibleVoter(s)).map(([id]) => id));
  }

  private async standings(userIds: string[]): Promise<Map<string, VoterStanding>> {
    const ids = [...new Set(userIds)];
    const known = new Set(ids.filter((id) => this.eligible.has(id)));
    const buyers = await this.deps.contributors.buyersAmong(ids.filter((id) => !known.has(id)));
    const ask = ids.filter((id) => !known.has(id) && !buyers.has(id));
    const verified = new Set<string>();
    for (let i = 0; i < ask.length; i += BATCH) {
      const r = await this.deps.identity.getVerifiedUsers({ userIds: ask.slice(i, i + BATCH) });
      for (const id of r.userIds) verified.add(id);
    }
    const out = new Map<string, VoterStanding>();
    for (const id of ids) {
      // remembered: eligible when last asked, and neither fact is ever taken back
      const standing = known.has(id)
        ? REMEMBERED
        : { emailVerified: verified.has(id), paidPixel: buyers.has(id) };
      if (isEligibleVoter(standing)) this.eligible.set(id, true);
      out.set(id, standing);
    }
    return out;
  }
}

const NO_STANDING: VoterStanding = { emailVerified: false, paidPixel: false };
const REMEMBERED: VoterStanding = { emailVerified: true, paidPixel: false };
