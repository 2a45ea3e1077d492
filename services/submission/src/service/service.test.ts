/**
 * The submission service over a real Connect server on port 0: create with its rules and messages,
 * one active submission per user, the moderation list, list sorted hot and new with search and
 * pagination, delete own only and the viewer's vote (verified contributors, the operator's removal and
 * the events: service-bus.test.ts).
 */
import type { ConnectError } from '@connectrpc/connect';
import { ERROR_CODE_HEADER } from '@tessera/kit';
import { SortOrder } from '@tessera/proto/tessera/submission/v1/submission_pb.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, forSuite } from '@tessera/kit/testing';
import { startHarness, submitAs, uploadAs, type Harness } from '../test/harness.js';

const h = forSuite(startHarness);

describe('create', () => {
  it('creates with trimmed title and description and answers the Submission', async () => {
    const imageUrl = await uploadAs(h, 'c1');
    const { submission } = await h.rpc.createSubmission({
      userId: 'c1',
      username: 'painter',
      title: '  Sunset  ',
      description: '  Warm colours over a quiet sea  ',
      imageUrl,
    });
    expect(submission).toMatchObject({
      userId: 'c1',
      username: 'painter',
      title: 'Sunset',
      description: 'Warm colours over a quiet sea',
      imageUrl,
      netScore: 0,
      userVoteType: 0,
      isVerifiedContributor: false,
    });
    expect((await h.rpc.getUserSubmission({ userId: 'c1' })).submission?.id).toBe(submission!.id);
  });

  it('refuses bad titles and descriptions with the spec messages (after trimming)', async () => {
    const imageUrl = await uploadAs(h, 'c2');
    const cases: [string, string, string][] = [
      ['', 'a long enough text', 'Please enter a title for your artwork'],
      ['  ab  ', 'a long enough text', 'Title must be at least 3 characters'],
      ['x'.repeat(101), 'a long enough text', 'Title must be under 100 characters'],
      ['Title', '   ', 'Please enter a description for your artwork'],
      ['Title', '  too short ', 'Description must be at least 10 characters'],
      ['Title', 'y'.repeat(501), 'Description must be under 500 characters'],
    ];
    for (const [title, description, message] of cases) {
      const r = await refusal(
        h.rpc.createSubmission({ userId: 'c2', username: 'u2', title, description, imageUrl }),
      );
      expect(r, message).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    expect((await h.rpc.getUserSubmission({ userId: 'c2' })).submission).toBeUndefined();
  });

  it('refuses hate speech and slurs with CONTENT_REJECTED, and passes innocent words containing them', async () => {
    const imageUrl = await uploadAs(h, 'c3');
    for (const [title, description] of [
      ['Heil Hitler', 'a long enough description'],
      ['Quiet sea', 'A painting for every n1gg3r out there'],
    ]) {
      const r = await refusal(
        h.rpc.createSubmission({
          userId: 'c3',
          username: 'u3',
          title: title!,
          description: description!,
          imageUrl,
        }),
      );
      expect(r).toMatchObject({
        code: 'CONTENT_REJECTED',
        message: 'Your submission contains prohibited content. Please remove any hate speech or slurs.',
      });
    }
    const ok = await h.rpc.createSubmission({
      userId: 'c3',
      username: 'u3',
      title: 'Scunthorpe snigger',
      description: 'A raccoon near the Niger river at dusk',
      imageUrl,
    });
    expect(ok.submission?.title).toBe('Scunthorpe snigger');
  });

  it('allows one active submission per user (409 with the spec message), even when created at once', async () => {
    const urls = await Promise.all([1, 2, 3, 4, 5].map(() => uploadAs(h, 'c4')));
    const results = await Promise.allSettled(
      urls.map((imageUrl, i) =>
        h.rpc.createSubmission({
          userId: 'c4',
          username: 'u4',
          title: `Race ${i}`,
          description: 'a long enough description',
          imageUrl,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected')) {
      const ce = (r as PromiseRejectedResult).reason as ConnectError;
      expect(ce.metadata.get(ERROR_CODE_HEADER)).toBe('CONFLICT');
      expect(ce.rawMessage).toBe('You already have an active submission. Please edit or delete it first.');
    }
  });

  it('accepts only an image this user uploaded and that is stored', async () => {
    const others = await uploadAs(h, 'someone-else');
    const base = { userId: 'c5', username: 'u5', title: 'Mine', description: 'a long enough description' };
    expect(await refusal(h.rpc.createSubmission({ ...base, imageUrl: others }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'imageUrl',
    });
    expect(await refusal(h.rpc.createSubmission({ ...base, imageUrl: '' }))).toMatchObject({
      code: 'MISSING_FIELD',
      message: 'Please select an image for your artwork',
    });
    for (const imageUrl of [
      'https://evil.example/x.png',
      '/api/artist-selection/images/../x',
      '/api/artist-selection/images/img-AAAAAAAAAAAAAAAAAAAAAAAA.png',
    ])
      expect(await refusal(h.rpc.createSubmission({ ...base, imageUrl }))).toMatchObject({
        code: 'VALIDATION_ERROR',
      });
    // an issued form that was never uploaded
    const form = await h.rpc.createUploadUrl({
      userId: 'c5',
      filename: 'a.png',
      contentType: 'image/png',
      fileSize: 100,
    });
    expect(await refusal(h.rpc.createSubmission({ ...base, imageUrl: form.imageUrl }))).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });
});

describe('list', () => {
  let t: Harness;
  beforeAll(async () => {
    let clock = 1_000_000;
    t = await startHarness({ now: () => (clock += 1000) });
    for (let i = 0; i < 23; i++)
      await submitAs(
        t,
        `l${i}`,
        i % 5 === 0 ? `Ocean study ${i}` : `Forest ${i}`,
        i === 7 ? 'oceanlover' : `artist${i}`,
      );
  });
  afterAll(() => t?.close());

  const list = (sort: SortOrder, page = 1, search = '', viewer = '') =>
    t.rpc.listSubmissions({ sort, page, limit: 10, search, viewerUserId: viewer });

  it('sorts new by newest and hot by net score then newest, 10 per page with the pagination fields', async () => {
    const newest = await list(SortOrder.NEW);
    expect(newest.submissions.map((s) => s.userId).slice(0, 3)).toEqual(['l22', 'l21', 'l20']);
    expect(newest).toMatchObject({
      currentPage: 1,
      totalPages: 3,
      totalCount: 23,
      hasNext: true,
      hasPrevious: false,
    });
    const last = await list(SortOrder.NEW, 3);
    expect(last.submissions).toHaveLength(3);
    expect(last).toMatchObject({ currentPage: 3, hasNext: false, hasPrevious: true });
    const ids = new Set(
      [
        ...(await list(SortOrder.NEW, 1)).submissions,
        ...(await list(SortOrder.NEW, 2)).submissions,
        ...last.submissions,
      ].map((s) => s.id),
    );
    expect(ids.size).toBe(23);

    const sub3 = newest.submissions.find((s) => s.userId === 'l20')!;
    const sub10 = (await list(SortOrder.NEW, 2)).submissions.find((s) => s.userId === 'l10')!;
    await t.rpc.vote({ userId: 'v1', submissionId: sub10.id, voteType: 1 });
    await t.rpc.vote({ userId: 'v2', submissionId: sub10.id, voteType: 1 });
    await t.rpc.vote({ userId: 'v1', submissionId: sub3.id, voteType: 1 });
    await t.rpc.vote({ userId: 'v1', submissionId: newest.submissions[0]!.id, voteType: -1 });
    const hot = await list(SortOrder.HOT, 1, '', 'v1');
    expect(hot.submissions.slice(0, 3).map((s) => [s.userId, s.netScore, s.userVoteType])).toEqual([
      ['l10', 2, 1],
      ['l20', 1, 1],
      ['l21', 0, 0],
    ]);
    const hotLast = await list(SortOrder.HOT, 3, '', 'v1');
    expect(hotLast.submissions.at(-1)).toMatchObject({ userId: 'l22', netScore: -1, userVoteType: -1 });
    // guests see no vote of their own
    expect((await list(SortOrder.HOT)).submissions[0]).toMatchObject({ userId: 'l10', userVoteType: 0 });
  });

  it('searches title or username, case-insensitive and literal, 2+ characters', async () => {
    const r = await list(SortOrder.NEW, 1, 'OCEAN');
    expect(r.submissions.map((s) => s.userId).sort()).toEqual(['l0', 'l10', 'l15', 'l20', 'l5', 'l7'].sort());
    expect(r.totalCount).toBe(6);
    expect((await list(SortOrder.NEW, 1, 'o')).totalCount).toBe(23);
    expect((await list(SortOrder.NEW, 1, 'st.dy')).totalCount).toBe(0);
    expect((await list(SortOrder.NEW, 1, '(')).totalCount).toBe(23);
    expect((await list(SortOrder.NEW, 1, '((')).totalCount).toBe(0);
  });

  it('refuses bad page, limit and search values', async () => {
    for (const [page, limit, search] of [
      [-1, 10, ''],
      [1, 51, ''],
      [1, -3, ''],
      [1, 10, 'x'.repeat(101)],
    ] as const) {
      expect(
        await refusal(t.rpc.listSubmissions({ sort: SortOrder.HOT, page, limit, search })),
      ).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await t.rpc.listSubmissions({ sort: SortOrder.HOT, page: 99, limit: 10 })).submissions).toEqual(
      [],
    );
  });
});

describe('delete', () => {
  it('deletes own only: 403 for another user, 404 when gone; the owner may submit again', async () => {
    const s = await submitAs(h, 'd1');
    expect(await refusal(h.rpc.deleteSubmission({ userId: 'd2', submissionId: s.id }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You do not have permission to delete this submission.',
    });
    await h.rpc.deleteSubmission({ userId: 'd1', submissionId: s.id });
    expect(await refusal(h.rpc.deleteSubmission({ userId: 'd1', submissionId: s.id }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Submission not found.',
    });
    expect(await refusal(h.rpc.vote({ userId: 'd3', submissionId: s.id, voteType: 1 }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await h.rpc.getUserSubmission({ userId: 'd1' })).submission).toBeUndefined();
    await submitAs(h, 'd1');
    expect(
      await refusal(h.rpc.deleteSubmission({ userId: 'd1', submissionId: 'no such id!' })),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('votes', () => {
  it('sets, removes and switches, answering userVoteType, netScore and deleted; refuses other vote types', async () => {
    const s = await submitAs(h, 'v0');
    expect(await h.rpc.vote({ userId: 'a', submissionId: s.id, voteType: 1 })).toMatchObject({
      userVoteType: 1,
      netScore: 1,
      deleted: false,
    });
    expect(await h.rpc.vote({ userId: 'a', submissionId: s.id, voteType: -1 })).toMatchObject({
      userVoteType: -1,
      netScore: -1,
    });
    expect(await h.rpc.vote({ userId: 'a', submissionId: s.id, voteType: -1 })).toMatchObject({
      userVoteType: 0,
      netScore: 0,
    });
    for (const voteType of [0, 2, -2, 100])
      expect(await refusal(h.rpc.vote({ userId: 'a', submissionId: s.id, voteType }))).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Invalid vote type.',
      });
    expect(await refusal(h.rpc.vote({ userId: 'a', submissionId: 'missing', voteType: 1 }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Submission not found.',
    });
  });

  it('removes a submission at -10: the tenth downvote answers deleted, it leaves the list and frees its owner', async () => {
    const s = await submitAs(h, 'v10');
    for (let i = 1; i <= 9; i++)
      expect(await h.rpc.vote({ userId: `down${i}`, submissionId: s.id, voteType: -1 })).toMatchObject({
        netScore: -i,
        deleted: false,
      });
    expect(await h.rpc.vote({ userId: 'down10', submissionId: s.id, voteType: -1 })).toMatchObject({
      netScore: -10,
      deleted: true,
    });
    const all = await h.rpc.listSubmissions({ sort: SortOrder.NEW, page: 1, limit: 50 });
    expect(all.submissions.map((x) => x.id)).not.toContain(s.id);
    expect((await h.rpc.getUserSubmission({ userId: 'v10' })).submission).toBeUndefined();
    expect(await refusal(h.rpc.vote({ userId: 'up', submissionId: s.id, voteType: 1 }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
