import { decodeEvent } from '@tessera/facts/events';
import { SUBJECTS, type Subject } from '@tessera/facts/subjects';
import type { EventBus } from '@tessera/kit';
import { testLogger } from '@tessera/kit/testing';
import { describe, expect, it } from 'vitest';
import { publishCreated, publishDeleted, publishVoted } from './submission-events.js';

/** A bus that records what is published, decoded, with its deduplication id. */
function recordingBus() {
  const seen: Array<{ subject: string; msgId: string; userId: string; netScore: number; deleted: boolean }> =
    [];
  const bus = {
    publish: async (subject: Subject, data: Uint8Array, opts: { msgId: string }) => {
      const e = decodeEvent(subject as typeof SUBJECTS.submissionCreated, data);
      seen.push({ subject, msgId: opts.msgId, userId: e.userId, netScore: e.netScore, deleted: e.deleted });
      return { seq: seen.length, duplicate: false };
    },
  } as unknown as EventBus;
  return { seen, deps: { bus, logger: testLogger() } };
}

const doc = { _id: 's1', userId: 'owner', netScore: -3 };

describe('the submission events', () => {
  it('one deletion, whichever path deletes it, carries one message id, so the bus drops a repeat', async () => {
    const { seen, deps } = recordingBus();
    await publishDeleted(deps, doc, 1); // its owner
    await publishDeleted(deps, { ...doc, netScore: -10 }, 2); // the downvotes
    await publishDeleted(deps, doc, 3); // the hand-over
    expect(new Set(seen.map((e) => e.msgId))).toEqual(new Set(['deleted-s1']));
    expect(
      seen.every((e) => e.subject === SUBJECTS.submissionDeleted && e.deleted && e.userId === 'owner'),
    ).toBe(true);
  });

  it('a vote names the voter and its own change; the creation names the owner', async () => {
    const { seen, deps } = recordingBus();
    await publishCreated(deps, { ...doc, netScore: 0 }, 1);
    await publishVoted(deps, { voteId: 's1:v', version: 2, voterId: 'voter' }, doc, {
      deleted: false,
      atMs: 2,
    });
    expect(seen).toEqual([
      {
        subject: SUBJECTS.submissionCreated,
        msgId: 'created-s1',
        userId: 'owner',
        netScore: 0,
        deleted: false,
      },
      {
        subject: SUBJECTS.submissionVoted,
        msgId: 'voted-s1:v-2',
        userId: 'voter',
        netScore: -3,
        deleted: false,
      },
    ]);
  });
});
