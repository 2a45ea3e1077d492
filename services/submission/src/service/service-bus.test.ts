/**
 * The submission service over a real Connect server on port 0, where it meets the bus and the operator:
 * verified contributors kept from `tessera.pixels.committed`, the operator's audited removal, and
 * the events it publishes.
 */
import { decodeEvent, encodeEvent } from '@tessera/facts/events';
import { SUBJECTS } from '@tessera/facts/subjects';
import { eventually, forSuite } from '@tessera/kit/testing';
import { SortOrder } from '@tessera/proto/tessera/submission/v1/submission_pb.js';
import { describe, expect, it } from 'vitest';
import { refusal } from '@tessera/kit/testing';
import { startHarness, submitAs } from '../test/harness.js';

const h = forSuite(startHarness);

describe('verified contributors', () => {
  it('marks owners who bought pixels on the current canvas, from the bus, idempotently', async () => {
    const s = await submitAs(h, 'buyer');
    const other = await submitAs(h, 'nonbuyer');
    const committed = encodeEvent(SUBJECTS.pixelsCommitted, {
      orderId: 'o1',
      canvasIndex: 1,
      boardIndex: 3,
      userId: 'buyer',
      pixels: [{ x: 1, y: 1, color: '#FFFFFF' }],
      committedAtMs: Date.now(),
    });
    await h.bus.publish(SUBJECTS.pixelsCommitted, committed, { msgId: 'c-o1' });
    await h.bus.publish(SUBJECTS.pixelsCommitted, committed, { msgId: 'c-o1-again' });
    const badge = async () => {
      const r = await h.rpc.listSubmissions({ sort: SortOrder.NEW, page: 1, limit: 50 });
      return Object.fromEntries(
        r.submissions
          .filter((x) => [s.id, other.id].includes(x.id))
          .map((x) => [x.userId, x.isVerifiedContributor]),
      );
    };
    expect(await eventually(async () => ((await badge()).buyer ? badge() : null), 10_000)).toEqual({
      buyer: true,
      nonbuyer: false,
    });
    // a new canvas becomes current: nobody has bought on it yet
    await h.bus.publish(
      SUBJECTS.canvasActivated,
      encodeEvent(SUBJECTS.canvasActivated, {
        canvasIndex: 2,
        name: 'Next',
        previousCanvasIndex: 1,
        atMs: Date.now(),
      }),
      { msgId: 'a-2' },
    );
    await eventually(async () => (await h.core.deps.contributors.currentCanvas()) === 2, 10_000);
    expect(await badge()).toEqual({ buyer: false, nonbuyer: false });
    // an old activation delivered late does not move the current canvas back
    await h.core.deps.contributors.setCurrentCanvas(1, 1);
    expect(await h.core.deps.contributors.currentCanvas()).toBe(2);
  });
});

describe('verified contributors, many orders of one buyer', () => {
  it('records a buyer once per canvas: concurrent events share one write, later ones need none', async () => {
    const repo = h.core.deps.contributors;
    const writes: string[] = [];
    const add = repo.add.bind(repo);
    repo.add = (canvasIndex, userId, orderId, at) => {
      writes.push(`${canvasIndex}:${userId}`);
      return add(canvasIndex, userId, orderId, at);
    };
    const c = h.core.contributors;
    const onCommitted = c.onCommitted.bind(c);
    let handled = 0;
    c.onCommitted = async (msg) => {
      await onCommitted(msg);
      handled++;
    };
    const order = (i: number) =>
      h.bus.publish(
        SUBJECTS.pixelsCommitted,
        encodeEvent(SUBJECTS.pixelsCommitted, {
          orderId: `many-${i}`,
          canvasIndex: 7,
          boardIndex: 3,
          userId: 'many-orders',
          pixels: [{ x: i, y: 1, color: '#FFFFFF' }],
          committedAtMs: Date.now(),
        }),
        { msgId: `many-${i}` },
      );
    try {
      await Promise.all(Array.from({ length: 10 }, (_, i) => order(i)));
      await eventually(() => handled === 10, 10_000);
      await order(10);
      await eventually(() => handled === 11, 10_000);
      expect(await repo.among(7, ['many-orders'])).toEqual(new Set(['many-orders']));
      expect(writes.filter((w) => w === '7:many-orders')).toHaveLength(1);
    } finally {
      repo.add = add;
      c.onCommitted = onCommitted;
    }
  });
});

describe('operator removal', () => {
  it('removes any active submission with a reason, audited; refuses without reason or operator', async () => {
    const s = await submitAs(h, 'r1');
    expect(
      await refusal(h.rpc.removeSubmission({ submissionId: s.id, reason: '', operator: 'ops' })),
    ).toMatchObject({ code: 'MISSING_FIELD' });
    expect(
      await refusal(h.rpc.removeSubmission({ submissionId: s.id, reason: 'hateful image', operator: '' })),
    ).toMatchObject({ code: 'MISSING_FIELD' });
    expect(
      await h.rpc.removeSubmission({ submissionId: s.id, reason: 'hateful image', operator: 'ops-anna' }),
    ).toEqual(expect.objectContaining({ removed: true }));
    expect(
      await h.rpc.removeSubmission({ submissionId: s.id, reason: 'again', operator: 'ops-anna' }),
    ).toEqual(expect.objectContaining({ removed: false }));
    const raw = await h.core.deps.submissions.raw(s.id);
    expect(raw).toMatchObject({
      status: 'removed',
      endedBy: 'operator:ops-anna',
      endReason: 'hateful image',
    });
    expect(await refusal(h.rpc.getImage({ key: raw!.imageKey }))).toMatchObject({ code: 'NOT_FOUND' });
    // an id nobody ever submitted is not "already removed"
    expect(
      await refusal(
        h.rpc.removeSubmission({
          submissionId: '00000000-0000-4000-8000-000000000000',
          reason: 'typo',
          operator: 'ops-anna',
        }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND', message: 'Submission not found.' });
  });
});

describe('events', () => {
  it('publishes tessera.submission.created, voted and deleted with the submission, owner and score', async () => {
    const seen: {
      subject: string;
      submissionId: string;
      netScore: number;
      deleted: boolean;
      userId: string;
    }[] = [];
    const sub = await h.bus.subscribe({
      subjects: ['tessera.submission.*'],
      handler: (msg) => {
        const e = decodeEvent(msg.subject as typeof SUBJECTS.submissionCreated, msg.data);
        seen.push({
          subject: msg.subject,
          submissionId: e.submissionId,
          netScore: e.netScore,
          deleted: e.deleted,
          userId: e.userId,
        });
      },
    });
    try {
      const s = await submitAs(h, 'ev1');
      await h.rpc.vote({ userId: 'ev-voter', submissionId: s.id, voteType: -1 });
      await h.rpc.deleteSubmission({ userId: 'ev1', submissionId: s.id });
      const mine = await eventually(() => {
        const m = seen.filter((x) => x.submissionId === s.id);
        return m.length >= 3 ? m : null;
      }, 10_000);
      expect(mine).toEqual([
        {
          subject: SUBJECTS.submissionCreated,
          submissionId: s.id,
          netScore: 0,
          deleted: false,
          userId: 'ev1',
        },
        {
          subject: SUBJECTS.submissionVoted,
          submissionId: s.id,
          netScore: -1,
          deleted: false,
          userId: 'ev-voter',
        },
        {
          subject: SUBJECTS.submissionDeleted,
          submissionId: s.id,
          netScore: -1,
          deleted: true,
          userId: 'ev1',
        },
      ]);
    } finally {
      await sub.stop();
    }
  });
});
