/**
 * The vote invariants (brief invariant 5): any sequence of votes by many users leaves the net score
 * equal to the sum of the current votes, and a submission is removed exactly when its net score
 * reaches -10; the same under many users voting at once through the server, under one user's
 * concurrent taps, and when the process dies between the steps of a vote.
 */
import { ConnectError } from '@connectrpc/connect';
import fc from 'fast-check';
import { ERROR_CODE_HEADER } from '@tessera/kit';
import { describe, expect, it } from 'vitest';
import { forSuite } from '@tessera/kit/testing';
import { startHarness, submitAs, type Harness } from '../test/harness.js';

const h = forSuite(() => startHarness({ consumers: false }));

/** The stored net score and the sum of the stored current votes of a submission. */
async function scoreAndSum(t: Harness, id: string) {
  const doc = await t.core.deps.submissions.raw(id);
  const votes = await t.core.deps.votes.ofSubmission(id);
  return {
    netScore: doc!.netScore,
    sum: votes.reduce((a, v) => a + v.value, 0),
    pending: votes.filter((v) => v.pending).length,
    status: doc!.status,
  };
}

const codeOf = (err: unknown) =>
  err instanceof ConnectError ? err.metadata.get(ERROR_CODE_HEADER) : String(err);

let owner = 0;

describe('vote property', () => {
  it('any sequence of votes keeps net score = sum of current votes; removal exactly at -10', async () => {
    const tap = fc.record({
      user: fc.integer({ min: 0, max: 13 }),
      type: fc.constantFrom<1 | -1>(1, -1),
    });
    // a pile-on: distinct users downvote one after another (so many runs reach -10)
    const pileOn = fc
      .uniqueArray(fc.integer({ min: 0, max: 13 }), { minLength: 1, maxLength: 12 })
      .map((users) => users.map((user) => ({ user, type: -1 as const })));
    const steps = fc
      .array(
        fc.oneof(
          tap.map((t) => [t]),
          pileOn,
        ),
        { minLength: 1, maxLength: 12 },
      )
      .map((groups) => groups.flat());
    let removals = 0;
    await fc.assert(
      fc.asyncProperty(steps, async (taps) => {
        const s = await submitAs(h, `prop-owner-${++owner}`);
        const model = new Map<number, number>();
        let score = 0;
        let removed = false;
        for (const { user, type } of taps) {
          const got = await h.core.votes.vote(`p${user}`, s.id, type).catch((e: unknown) => e);
          if (removed) {
            expect(codeOf(got)).toBe('NOT_FOUND');
            continue;
          }
          const cur = model.get(user) ?? 0;
          const next = cur === type ? 0 : type;
          score += next - cur;
          model.set(user, next);
          removed = score <= -10;
          expect(got).toEqual({ userVoteType: next, netScore: score, deleted: removed });
        }
        const stored = await scoreAndSum(h, s.id);
        expect(stored.netScore).toBe(stored.sum);
        expect(stored.netScore).toBe(score);
        expect(stored.pending).toBe(0);
        expect(stored.status).toBe(removed ? 'removed' : 'active');
        if (removed) removals++;
      }),
      { numRuns: 40, seed: 20261124 },
    );
    console.log(`vote property: 40 runs, ${removals} reached -10 and were removed`);
    expect(removals).toBeGreaterThan(0);
  }, 120_000);
});

describe('concurrent votes through the server', () => {
  it('many users voting at once, and each tapping several times at once, keep net score = sum', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await submitAs(h, `conc-owner-${round}`);
      const users = Array.from({ length: 30 }, (_, i) => `cu${round}-${i}`);
      let seed = 17 + round;
      const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      const calls: Promise<unknown>[] = [];
      for (const u of users) {
        // each user taps 4 times at once: mixed up and down (their order is the server's)
        for (let k = 0; k < 4; k++)
          calls.push(h.rpc.vote({ userId: u, submissionId: s.id, voteType: rand() < 0.5 ? -1 : 1 }));
      }
      const results = await Promise.allSettled(calls);
      const failed = results.filter((r) => r.status === 'rejected');
      expect(failed.map((r) => codeOf((r as PromiseRejectedResult).reason))).toEqual([]);
      const stored = await scoreAndSum(h, s.id);
      console.log(
        `concurrent round ${round}: ${calls.length} votes, net score ${stored.netScore}, sum ${stored.sum}`,
      );
      expect(stored.netScore).toBe(stored.sum);
      expect(stored.pending).toBe(0);
    }
  }, 120_000);

  it("one user's many taps at once, with a slow score step widening every race, keep net score = sum", async () => {
    const t = await startHarness({ consumers: false });
    try {
      const subs = t.core.deps.submissions;
      const real = subs.applyVote.bind(subs);
      // the score step (step 2) takes a few ms: other taps of the same voter arrive meanwhile
      subs.applyVote = async (...args) => {
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 4)));
        return real(...args);
      };
      const s = await submitAs(t, 'burst-owner');
      const calls: Promise<unknown>[] = [];
      for (let k = 0; k < 60; k++)
        calls.push(t.rpc.vote({ userId: `burst${k % 3}`, submissionId: s.id, voteType: k % 5 < 2 ? -1 : 1 }));
      const results = await Promise.allSettled(calls);
      expect(
        results
          .filter((r) => r.status === 'rejected')
          .map((r) => codeOf((r as PromiseRejectedResult).reason)),
      ).toEqual([]);
      const stored = await scoreAndSum(t, s.id);
      console.log(`burst: 60 taps by 3 users at once, net score ${stored.netScore}, sum ${stored.sum}`);
      expect(stored.netScore).toBe(stored.sum);
      expect(stored.pending).toBe(0);
    } finally {
      await t.close();
    }
  }, 60_000);

  it("a tap whose read of the vote is overtaken by the same voter's other tap is retried, not written over it", async () => {
    // The race the compare-and-set on the vote's version guards: both taps read the vote (value +1,
    // version 1), the first one's whole change lands, and only then does the second one write. Its
    // write must be refused (the version moved) and retried on the new vote; written over it, the
    // vote would read -1 while the score took a change computed from the old value (or none).
    const t = await startHarness({ consumers: false });
    try {
      const s = await submitAs(t, 'race-owner');
      await t.core.votes.vote('racer', s.id, 1);
      const votes = t.core.deps.votes;
      const realGet = votes.get.bind(votes);
      const realBegin = votes.begin.bind(votes);
      let reads = 0;
      let bothRead!: () => void;
      const read = new Promise<void>((r) => (bothRead = r));
      votes.get = async (...args) => {
        const v = await realGet(...args);
        if (++reads === 2) bothRead();
        if (reads <= 2) await read;
        return v;
      };
      let firstDone!: () => void;
      const first = new Promise<void>((r) => (firstDone = r));
      let begins = 0;
      votes.begin = async (...args) => {
        if (++begins === 2) await first;
        return realBegin(...args);
      };
      const a = t.core.votes.vote('racer', s.id, 1).finally(firstDone);
      const b = t.core.votes.vote('racer', s.id, -1);
      expect(await a).toEqual({ userVoteType: 0, netScore: 0, deleted: false });
      expect(await b).toEqual({ userVoteType: -1, netScore: -1, deleted: false });
      expect(begins).toBe(3);
      expect(await scoreAndSum(t, s.id)).toMatchObject({ netScore: -1, sum: -1, pending: 0 });
    } finally {
      await t.close();
    }
  });

  it('removes exactly once when many downvote at once past -10', async () => {
    const s = await submitAs(h, 'conc-down-owner');
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) =>
        h.rpc.vote({ userId: `cd${i}`, submissionId: s.id, voteType: -1 }),
      ),
    );
    const ok = results
      .filter((r) => r.status === 'fulfilled')
      .map((r) => (r as PromiseFulfilledResult<{ netScore: number; deleted: boolean }>).value);
    // votes that arrived after the removal are refused; every accepted one counts
    for (const r of results.filter((x) => x.status === 'rejected'))
      expect(codeOf((r as PromiseRejectedResult).reason)).toBe('NOT_FOUND');
    const stored = await scoreAndSum(h, s.id);
    expect(stored.netScore).toBe(stored.sum);
    expect(stored.netScore).toBe(-ok.length);
    expect(stored.netScore).toBeLessThanOrEqual(-10);
    expect(stored.status).toBe('removed');
    expect(ok.filter((r) => r.netScore > -10).every((r) => !r.deleted)).toBe(true);
  }, 60_000);
});

describe('a crash between the steps of a vote', () => {
  it('after step 1 (vote recorded, score not yet): the repair sweep, also after a restart, makes them equal', async () => {
    const t = await startHarness({ consumers: false });
    const s = await submitAs(t, 'crash-owner-1');
    await t.core.votes.vote('x1', s.id, 1);
    const subs = t.core.deps.submissions;
    const real = subs.applyVote.bind(subs);
    subs.applyVote = () => Promise.reject(new Error('process killed'));
    await expect(t.core.votes.vote('x2', s.id, -1)).rejects.toThrow('process killed');
    await expect(t.core.votes.vote('x3', s.id, -1)).rejects.toThrow('process killed');
    subs.applyVote = real;
    expect(await scoreAndSum(t, s.id)).toMatchObject({ netScore: 1, sum: -1, pending: 2 });
    // the process restarts on the same folder: the pending changes are on disk
    await t.close(true);
    const t2 = await startHarness({ dir: t.dir, consumers: false });
    try {
      expect(await t2.core.votes.repair(0)).toBe(2);
      expect(await scoreAndSum(t2, s.id)).toMatchObject({ netScore: -1, sum: -1, pending: 0 });
      expect(await t2.core.votes.repair(0)).toBe(0);
      expect(await scoreAndSum(t2, s.id)).toMatchObject({ netScore: -1, sum: -1 });
    } finally {
      await t2.close();
    }
  });

  it("after step 2 (score applied, pending not cleared): the voter's next vote finishes it without counting it twice", async () => {
    const s = await submitAs(h, 'crash-owner-2');
    const votes = h.core.deps.votes;
    const real = votes.finish.bind(votes);
    votes.finish = () => Promise.reject(new Error('process killed'));
    await expect(h.core.votes.vote('y1', s.id, 1)).rejects.toThrow('process killed');
    votes.finish = real;
    expect(await scoreAndSum(h, s.id)).toMatchObject({ netScore: 1, sum: 1, pending: 1 });
    // the same voter taps again: the pending change is finished first, then the tap removes the vote
    expect(await h.core.votes.vote('y1', s.id, 1)).toEqual({ userVoteType: 0, netScore: 0, deleted: false });
    expect(await scoreAndSum(h, s.id)).toMatchObject({ netScore: 0, sum: 0, pending: 0 });
  });

  it('a crash before the removal of a submission at -10 is finished by the repair sweep', async () => {
    const s = await submitAs(h, 'crash-owner-3');
    for (let i = 0; i < 9; i++) await h.core.votes.vote(`z${i}`, s.id, -1);
    const subs = h.core.deps.submissions;
    const realEnd = subs.end.bind(subs);
    subs.end = () => Promise.reject(new Error('process killed'));
    await expect(h.core.votes.vote('z9', s.id, -1)).rejects.toThrow('process killed');
    subs.end = realEnd;
    expect(await scoreAndSum(h, s.id)).toMatchObject({ netScore: -10, status: 'active' });
    await h.core.votes.repair(0);
    expect(await scoreAndSum(h, s.id)).toMatchObject({
      netScore: -10,
      sum: -10,
      status: 'removed',
      pending: 0,
    });
  });
});
