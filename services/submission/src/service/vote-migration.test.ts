/**
 * The vote eligibility migration: votes cast before the rule (seeded with the protocol's own steps,
 * as the old service wrote them, one of them left half-done by a crash) stop counting when their
 * voter may not vote or is the author; the migration runs at start, leaves the net score equal to
 * the sum of the counted votes, removes a submission whose counted score is -10 or lower, and is
 * idempotent (run again: nothing changes; restarted: the marker skips it).
 */
import { REMOVAL_SCORE } from '@tessera/facts/submissions';
import { eventually } from '@tessera/kit/testing';
import { describe, expect, it } from 'vitest';
import { VoteRepository, type VoteDoc } from '../adapters/votes.js';
import { voterKey } from '../adapters/votes.js';
import { FakeIdentity, startHarness, submitAs, type Harness } from '../test/harness.js';
import { VOTE_ELIGIBILITY_MIGRATION } from './vote-migration.js';

/** A vote as the service wrote it before the rule: steps 1 to 3, or only step 1 (`crashed`). */
async function oldVote(t: Harness, submissionId: string, userId: string, value: 1 | -1, crashed = false) {
  const { votes, submissions } = t.core.deps;
  expect(await votes.begin(null, { submissionId, userId }, value, value, Date.now() - 60_000)).toBe(true);
  if (crashed) return;
  await submissions.applyVote(submissionId, voterKey(userId), 1, value);
  await votes.finish(VoteRepository.id(submissionId, userId), 1);
}

async function state(t: Harness, id: string) {
  const doc = await t.core.deps.submissions.get(id);
  const votes: VoteDoc[] = await t.core.deps.votes.ofSubmission(id);
  return {
    netScore: doc!.netScore,
    status: doc!.status,
    sum: votes.reduce((a, v) => a + v.value, 0),
    pending: votes.filter((v) => v.pending).length,
    counting: votes
      .filter((v) => v.value !== 0)
      .map((v) => v.userId)
      .sort(),
  };
}

describe('vote eligibility migration', () => {
  it('takes back ineligible and own votes at start, idempotently, keeping score = sum of counted votes', async () => {
    const identity = new FakeIdentity();
    identity.verified.add('mig-verified').add('mig-author');
    const t = await startHarness({ identity, consumers: false });
    const a = await submitAs(t, 'mig-author');
    const b = await submitAs(t, 'mig-author-b');
    // a: the author's own upvote, two eligible votes, 8 throwaway downvotes, one of them half-done
    await oldVote(t, a.id, 'mig-author', 1);
    await oldVote(t, a.id, 'mig-verified', 1);
    await t.core.deps.contributors.add(3, 'mig-buyer', 'order-1', Date.now());
    await oldVote(t, a.id, 'mig-buyer', -1);
    for (let i = 0; i < 7; i++) await oldVote(t, a.id, `mig-throwaway-${i}`, -1);
    await oldVote(t, a.id, 'mig-throwaway-7', -1, true);
    // b: ten eligible downvotes held above the removal score by throwaway upvotes
    for (let i = 0; i < -REMOVAL_SCORE; i++) {
      identity.verified.add(`mig-critic-${i}`);
      await oldVote(t, b.id, `mig-critic-${i}`, -1);
    }
    for (let i = 0; i < 3; i++) await oldVote(t, b.id, `mig-booster-${i}`, 1);
    expect(await state(t, a.id)).toMatchObject({ netScore: -6, sum: -7, pending: 1 });
    expect(await state(t, b.id)).toMatchObject({ netScore: -7, sum: -7, status: 'active' });
    await t.close(true);

    // the new service starts on the same store: the migration runs with the sweep at start
    const t2 = await startHarness({ dir: t.dir, identity });
    try {
      await eventually(
        () => t2.core.deps.contributors.migrated(VOTE_ELIGIBILITY_MIGRATION).then((d) => d || null),
        10_000,
      );
      const afterA = await state(t2, a.id);
      expect(afterA).toEqual({
        netScore: 0,
        status: 'active',
        sum: 0,
        pending: 0,
        counting: ['mig-buyer', 'mig-verified'],
      });
      expect(await state(t2, b.id)).toMatchObject({ netScore: -10, sum: -10, status: 'removed' });
      // idempotent: a second pass takes nothing back and changes nothing
      expect(await t2.core.voteMigration.run()).toBe(0);
      expect(await state(t2, a.id)).toEqual(afterA);
      // and once finished, a restart skips it (the marker)
      expect(await t2.core.voteMigration.ensure()).toBeNull();
    } finally {
      await t2.close();
    }
  });

  it('stores no marker while identity is unreachable, and finishes on a later pass', async () => {
    const identity = new FakeIdentity();
    const t = await startHarness({ identity, consumers: false });
    try {
      const s = await submitAs(t, 'mig2-author');
      await oldVote(t, s.id, 'mig2-throwaway', -1);
      identity.failNext = 1;
      await expect(t.core.voteMigration.ensure()).rejects.toThrow();
      expect(await t.core.deps.contributors.migrated(VOTE_ELIGIBILITY_MIGRATION)).toBe(false);
      expect(await t.core.voteMigration.ensure()).toBe(1);
      expect(await state(t, s.id)).toMatchObject({ netScore: 0, sum: 0, counting: [] });
    } finally {
      await t.close();
    }
  });
});
