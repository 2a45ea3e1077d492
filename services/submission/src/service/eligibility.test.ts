/**
 * Who may vote, over a real Connect server (the harness) with an identity double that verifies
 * nobody until told: throwaway accounts cannot move a submission's counted score or remove it; a
 * verified voter's vote and a buyer's vote count; the author's own vote is refused.
 */
import { encodeEvent } from '@tessera/facts/events';
import { VOTE_REFUSAL_MESSAGES } from '@tessera/facts/eligibility';
import { REMOVAL_SCORE } from '@tessera/facts/submissions';
import { SUBJECTS } from '@tessera/facts/subjects';
import { eventually, forSuite, refusal } from '@tessera/kit/testing';
import { SortOrder } from '@tessera/proto/tessera/submission/v1/submission_pb.js';
import { describe, expect, it } from 'vitest';
import { FakeIdentity, startHarness, submitAs, type Harness } from '../test/harness.js';

const h = forSuite(() => startHarness({ identity: new FakeIdentity() }));

async function listed(t: Harness, id: string) {
  const r = await t.rpc.listSubmissions({ sort: SortOrder.NEW, page: 1, limit: 50 });
  return r.submissions.find((s) => s.id === id);
}

describe('who may vote', () => {
  it('ten new accounts cannot move a counted score or remove a submission; an eligible vote counts', async () => {
    const s = await submitAs(h, 'elig-author');
    for (let i = 0; i < -REMOVAL_SCORE; i++) {
      expect(
        await refusal(h.rpc.vote({ userId: `throwaway-${i}`, submissionId: s.id, voteType: -1 })),
      ).toEqual({ code: 'VOTER_NOT_ELIGIBLE', message: VOTE_REFUSAL_MESSAGES.ineligible, field: null });
    }
    expect(await listed(h, s.id)).toMatchObject({ netScore: 0 });
    expect(await h.core.deps.votes.ofSubmission(s.id)).toEqual([]);

    h.identity.verified.add('elig-verified');
    expect(await h.rpc.vote({ userId: 'elig-verified', submissionId: s.id, voteType: -1 })).toMatchObject({
      userVoteType: -1,
      netScore: -1,
      deleted: false,
    });
    expect(await listed(h, s.id)).toMatchObject({ netScore: -1 });
  });

  it('a buyer of one pixel on any canvas (from tessera.pixels.committed) may vote', async () => {
    const s = await submitAs(h, 'elig-author-2');
    expect(
      await refusal(h.rpc.vote({ userId: 'elig-buyer', submissionId: s.id, voteType: 1 })),
    ).toMatchObject({
      code: 'VOTER_NOT_ELIGIBLE',
    });
    await h.bus.publish(
      SUBJECTS.pixelsCommitted,
      encodeEvent(SUBJECTS.pixelsCommitted, {
        orderId: 'elig-o1',
        // an old canvas, not the current one: any canvas counts
        canvasIndex: 7,
        boardIndex: 0,
        userId: 'elig-buyer',
        pixels: [{ x: 0, y: 0, color: '#000000' }],
        committedAtMs: Date.now(),
      }),
      { msgId: 'elig-o1' },
    );
    const counted = await eventually(
      () => h.rpc.vote({ userId: 'elig-buyer', submissionId: s.id, voteType: 1 }).catch(() => null),
      10_000,
    );
    expect(counted).toMatchObject({ userVoteType: 1, netScore: 1 });
  });

  it("refuses the author's own vote, verified or not, with a clear message", async () => {
    h.identity.verified.add('elig-self');
    const s = await submitAs(h, 'elig-self');
    for (const voteType of [1, -1])
      expect(await refusal(h.rpc.vote({ userId: 'elig-self', submissionId: s.id, voteType }))).toEqual({
        code: 'FORBIDDEN',
        message: VOTE_REFUSAL_MESSAGES.own,
        field: 'id',
      });
    expect(await listed(h, s.id)).toMatchObject({ netScore: 0, userVoteType: 0 });
  });

  it('asks identity once per eligible voter (remembered), and refuses while identity is unreachable', async () => {
    const s = await submitAs(h, 'elig-author-3');
    h.identity.verified.add('elig-often');
    const before = h.identity.calls;
    await h.rpc.vote({ userId: 'elig-often', submissionId: s.id, voteType: 1 });
    await h.rpc.vote({ userId: 'elig-often', submissionId: s.id, voteType: 1 });
    expect(h.identity.calls - before).toBe(1);
    h.identity.failNext = 1;
    await expect(h.rpc.vote({ userId: 'elig-unknown', submissionId: s.id, voteType: -1 })).rejects.toThrow();
    expect(await listed(h, s.id)).toMatchObject({ netScore: 0 });
  });
});
