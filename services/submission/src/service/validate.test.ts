/**
 * The shared argument rules (@tessera/facts/inputs) as the submission RPCs apply them: the operator
 * and reason of the operators' removal and promotion (the canvas service's moderation rule), the user
 * ids, and a file name of printable characters.
 */
import { describe, expect, it } from 'vitest';
import { forSuite, refusal } from '@tessera/kit/testing';
import { startHarness, submitAs } from '../test/harness.js';

const h = forSuite(startHarness);

describe('audited operator actions', () => {
  it('takes an operator of 1 to 100 printable characters and a reason of 3 to 500', async () => {
    const s = await submitAs(h, 'audited');
    const remove = (reason: string, operator: string) =>
      h.rpc.removeSubmission({ submissionId: s.id, reason, operator });
    for (const [reason, operator, code, field] of [
      ['', 'ops', 'MISSING_FIELD', 'reason'],
      ['no', 'ops', 'VALIDATION_ERROR', 'reason'],
      ['r'.repeat(501), 'ops', 'VALIDATION_ERROR', 'reason'],
      ['hateful image', ' ', 'MISSING_FIELD', 'operator'],
      ['hateful image', 'ops\nanna', 'VALIDATION_ERROR', 'operator'],
      ['hateful image', 'o'.repeat(101), 'VALIDATION_ERROR', 'operator'],
    ] as const)
      expect(
        await refusal(remove(reason, operator)),
        `${field}: ${JSON.stringify(reason || operator)}`,
      ).toMatchObject({
        code,
        field,
      });
    expect(await refusal(h.rpc.promoteSubmission({ operator: 'ops\u007f' }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'operator',
      message: 'operator must be 1 to 100 printable characters',
    });
    // the submission is still listed: no refused call removed it
    expect((await h.rpc.getUserSubmission({ userId: 'audited' })).submission?.id).toBe(s.id);
    expect((await remove(' spam ', ' ops-anna ')).removed).toBe(true);
    expect(await h.core.deps.submissions.raw(s.id)).toMatchObject({
      endedBy: 'operator:ops-anna',
      endReason: 'spam',
    });
  });
});

describe('user ids and file names', () => {
  it('refuses a user id identity never issues, and a file name with a control character', async () => {
    expect(await refusal(h.rpc.vote({ userId: 'a@b.co', submissionId: 'x', voteType: 1 }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'user_id',
    });
    expect(await refusal(h.rpc.getUserSubmission({ userId: 'a:b' }))).toMatchObject({ field: 'user_id' });
    expect(
      await refusal(
        h.rpc.createUploadUrl({
          userId: 'u1',
          filename: 'art\u007f.png',
          contentType: 'image/png',
          fileSize: 10,
        }),
      ),
    ).toMatchObject({ code: 'VALIDATION_ERROR', field: 'filename' });
    const form = await h.rpc.createUploadUrl({
      userId: 'u1',
      filename: 'art.jpeg',
      contentType: 'IMAGE/JPEG',
      fileSize: 10,
    });
    // stored under the extension of its type
    expect(form.imageUrl).toMatch(/^\/api\/artist-selection\/images\/img-[A-Za-z0-9_-]{24}\.jpg$/);
  });
});
