// The artist-selection calls over a scripted fetch: what is sent (paths, query, auth, CSRF), how the
// answers are read, the texts of spec section 8 for failed calls, and the direct upload to storage.
import { describe, expect, it } from 'vitest';
import { AuthStore } from '../../auth/auth-store.js';
import {
  ARTIST_API_MESSAGES,
  ArtistSelectionApi,
  artistSelectionApi,
  StorageUploadError,
  toSubmission,
  toSubmissionPage,
  toUploadTarget,
  toVoteResult,
} from './artist-selection-api.js';
import { createHarness, csrfBody, json, routes, type Handler } from '../../api/client.fixture.js';
import { ApiError } from '../../api/errors.js';
import { TRACEPARENT_PATTERN } from '../../api/user-action.js';
import type { Submission as SubmissionBody } from '@tessera/api/submissions';

const signedIn = () => {
  const auth = new AuthStore();
  auth.setSession({ accessToken: 'tok', expiresIn: 900 });
  return auth;
};

const errorBody = (status: number, error: string, message: string, field: string | null = null) =>
  json(status, { success: false, message, error, statusCode: status, timestamp: 't', field });

const RAW = {
  id: 's1',
  userId: 'u1',
  username: 'ada',
  title: 'Harbour',
  description: 'Boats at dawn in the harbour',
  imageUrl: '/api/artist-selection/images/img-a.png',
  createdAt: '2024-05-01T10:00:00.000Z',
  netScore: 3,
  userVoteType: 1,
  isVerifiedContributor: true,
} satisfies SubmissionBody;

function withCsrf(table: Record<string, Handler | Response[]>) {
  return routes({ 'GET /csrf/csrf-token-secure': [json(200, csrfBody('c1'))], ...table });
}

describe('reading the answers', () => {
  it("reads a submission by the contract's names, checking each value", () => {
    expect(toSubmission(RAW)).toEqual({ ...RAW, createdAt: Date.parse(RAW.createdAt) });
    expect(
      toSubmission({
        id: 7,
        userId: 'u2',
        imageUrl: '/i',
        createdAt: 1_700_000_000,
        netScore: '-2',
        userVoteType: -1,
      }),
    ).toMatchObject({
      id: '7',
      userId: 'u2',
      imageUrl: '/i',
      createdAt: 1_700_000_000_000,
      netScore: -2,
      userVoteType: -1,
    });
    // only the contract's spelling is read
    expect(toSubmission({ _id: 's2', user_id: 'u2' })).toBeNull();
    expect(toSubmission({ title: 'no id' })).toBeNull();
    expect(toSubmission({ id: 'x', createdAt: 'not a date', userVoteType: 5 })).toMatchObject({
      createdAt: null,
      userVoteType: 1,
      isVerifiedContributor: false,
    });
  });

  it('reads a page with its pagination, and one page when pagination is missing', () => {
    const page = toSubmissionPage({
      success: true,
      data: [RAW, { junk: true }],
      pagination: { currentPage: 2, totalPages: 3, hasNext: true, hasPrevious: true },
    });
    expect(page.items.map((s) => s.id)).toEqual(['s1']);
    expect(page.pagination).toEqual({ currentPage: 2, totalPages: 3, hasNext: true, hasPrevious: true });
    expect(toSubmissionPage({ data: [RAW] }, 1).pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      hasNext: false,
      hasPrevious: false,
    });
    expect(toSubmissionPage({ data: [] }, 1).pagination.totalPages).toBe(0);
  });

  it('reads vote results and upload targets under data', () => {
    expect(toVoteResult({ success: true, data: { userVoteType: 0, netScore: -10, deleted: true } })).toEqual({
      userVoteType: 0,
      netScore: -10,
      deleted: true,
    });
    expect(
      toUploadTarget({ data: { uploadUrl: '/up', fields: { key: 'k', n: 1, bad: {} }, imageUrl: '/img' } }),
    ).toEqual({ uploadUrl: '/up', fields: { key: 'k', n: '1' }, imageUrl: '/img' });
    expect(toUploadTarget({ data: { uploadUrl: '/up' } })).toBeNull();
  });
});

describe('the calls', () => {
  it('lists with sort, page, limit 10 and a trimmed search of 2+ characters, optionally authenticated', async () => {
    const h = createHarness(routes({ 'GET /artist-selection/submissions': [json(200, { data: [RAW] })] }));
    await artistSelectionApi(h.client).list({ sort: 'new', page: 2, search: '  cats ' });
    await artistSelectionApi(h.client).list({ sort: 'hot', page: 1, search: ' c ' });
    expect(h.calls.map((c) => c.path)).toEqual([
      '/artist-selection/submissions?sort=new&page=2&limit=10&search=cats',
      '/artist-selection/submissions?sort=hot&page=1&limit=10',
    ]);
    expect(h.calls[0]?.headers.authorization).toBeUndefined();

    const signed = createHarness(routes({ 'GET /artist-selection/submissions': [json(200, { data: [] })] }), {
      auth: signedIn(),
    });
    await artistSelectionApi(signed.client).list({ sort: 'hot', page: 1 });
    expect(signed.calls[0]?.headers.authorization).toBe('Bearer tok');
  });

  it('creates, votes and deletes with the token and the CSRF header', async () => {
    const h = createHarness(
      withCsrf({
        'POST /artist-selection/submissions': [json(201, { success: true, data: RAW })],
        'POST /artist-selection/submissions/s%201/vote': [
          json(200, { data: { userVoteType: -1, netScore: 2, deleted: false } }),
        ],
        'DELETE /artist-selection/submissions/s1': [json(200, { success: true })],
      }),
      { auth: signedIn() },
    );
    const created = await artistSelectionApi(h.client).create({
      title: 'T',
      description: 'D',
      imageUrl: '/i',
    });
    expect(created?.id).toBe('s1');
    await expect(artistSelectionApi(h.client).vote('s 1', -1)).resolves.toEqual({
      userVoteType: -1,
      netScore: 2,
      deleted: false,
    });
    await artistSelectionApi(h.client).remove('s1');
    const app = h.appCalls();
    expect(app.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /artist-selection/submissions',
      'POST /artist-selection/submissions/s%201/vote',
      'DELETE /artist-selection/submissions/s1',
    ]);
    expect(app[0]?.body).toEqual({ title: 'T', description: 'D', imageUrl: '/i' });
    expect(app[1]?.body).toEqual({ voteType: -1 });
    // a vote is a user action: its own trace (api/user-action.ts); the other calls carry none here
    expect(app[1]?.headers.traceparent).toMatch(TRACEPARENT_PATTERN);
    expect(app[0]?.headers.traceparent).toBeUndefined();
    await artistSelectionApi(h.client).vote('s 1', -1);
    const [first, second] = h.appCalls().filter((c) => c.path.endsWith('/vote'));
    expect(second?.headers.traceparent).toMatch(TRACEPARENT_PATTERN);
    expect(second?.headers.traceparent?.slice(3, 35)).not.toBe(first?.headers.traceparent?.slice(3, 35));
    for (const call of app) {
      expect(call.headers['x-csrf-token']).toBe('c1');
      expect(call.headers.authorization).toBe('Bearer tok');
    }
  });
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('texts for failed calls (spec section 8)', () => {
  /** The error of `call` when the server answers `method path` with the reply given. */
  const failing =
    (method: string, path: string, call: (api: ArtistSelectionApi) => Promise<unknown>) =>
    (reply: Response | Error) => {
      const h = createHarness(withCsrf({ [`${method} ${path}`]: [reply] as Response[] }), {
        auth: signedIn(),
      });
      return failure(call(artistSelectionApi(h.client)));
    };

  it('create: content rejected, 409, 400 with and without a server message', async () => {
    const create = failing('POST', '/artist-selection/submissions', (api) =>
      api.create({ title: 't', description: 'd', imageUrl: '/i' }),
    );
    expect((await create(errorBody(400, 'CONTENT_REJECTED', 'nope'))).message).toBe(
      'Your submission contains prohibited content. Please remove any hate speech or slurs.',
    );
    const conflict = await create(errorBody(409, 'CONFLICT', 'exists'));
    expect(conflict).toMatchObject({
      status: 409,
      message: 'You already have an active submission. Please edit or delete it first.',
    });
    expect((await create(errorBody(400, 'VALIDATION_ERROR', 'Title is too short'))).message).toBe(
      'Title is too short',
    );
    expect((await create(json(400, {}))).message).toBe(ARTIST_API_MESSAGES.invalidSubmission);
    expect((await create(errorBody(500, 'INTERNAL', 'boom'))).message).toBe('boom');
  });

  it('delete: 403 and 404', async () => {
    const remove = failing('DELETE', '/artist-selection/submissions/s1', (api) => api.remove('s1'));
    expect((await remove(errorBody(403, 'FORBIDDEN', 'x'))).message).toBe(
      'You do not have permission to delete this submission.',
    );
    expect(await remove(errorBody(404, 'NOT_FOUND', 'x'))).toMatchObject({
      status: 404,
      message: 'Submission not found.',
    });
  });

  it('vote: 404, 400, other failures; a network failure keeps its code', async () => {
    const vote = failing('POST', '/artist-selection/submissions/s1/vote', (api) => api.vote('s1', 1));
    expect((await vote(errorBody(404, 'NOT_FOUND', 'x'))).message).toBe('Submission not found.');
    expect((await vote(errorBody(400, 'VALIDATION_ERROR', 'x'))).message).toBe('Invalid vote type.');
    expect((await vote(errorBody(500, 'INTERNAL', 'x'))).message).toBe('Failed to vote. Please try again.');
    expect((await vote(errorBody(429, 'RATE_LIMIT_EXCEEDED', 'x'))).message).toBe(
      'Failed to vote. Please try again.',
    );
    expect(await vote(new TypeError('Failed to fetch'))).toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    // who may vote: the server's own words, and the code the page opens the verify dialog on
    expect(await vote(errorBody(403, 'VOTER_NOT_ELIGIBLE', 'Verify first'))).toMatchObject({
      code: 'VOTER_NOT_ELIGIBLE',
      message: 'Verify first',
    });
    expect((await vote(errorBody(403, 'FORBIDDEN', 'Not your own'))).message).toBe('Not your own');
  });

  it('upload URL: type, size, other 400s', async () => {
    const ask = failing('POST', '/artist-selection/upload-url', (api) =>
      api.requestUpload({ filename: 'a.gif', contentType: 'image/gif', fileSize: 10 }),
    );
    expect(
      (await ask(errorBody(400, 'VALIDATION_ERROR', 'Unsupported content type', 'contentType'))).message,
    ).toBe('Only PNG, JPEG, and WebP images are allowed.');
    expect((await ask(errorBody(400, 'VALIDATION_ERROR', 'too big', 'fileSize'))).message).toBe(
      'File size must be under 10MB.',
    );
    expect(
      (await ask(errorBody(400, 'VALIDATION_ERROR', 'The file name is not valid.', 'filename'))).message,
    ).toBe('The file name is not valid.');
    expect((await ask(json(400, {}))).message).toBe('Invalid file. Please check the file type and size.');
  });
});

describe('the direct upload to storage', () => {
  interface Sent {
    url: string;
    init: RequestInit;
  }
  const make = (reply: (sent: Sent) => Response | Error, origin = 'http://app.test') => {
    const sent: Sent[] = [];
    const api = new ArtistSelectionApi(createHarness(routes({})).client, {
      fetch: async (url, init) => {
        sent.push({ url, init });
        const r = reply({ url, init });
        if (r instanceof Error) throw r;
        return r;
      },
      timeoutMs: 1000,
      origin: () => origin,
    });
    return { api, sent };
  };
  const target = {
    uploadUrl: '/api/artist-selection/uploads',
    fields: { key: 'img-1.png', policy: 'p' },
    imageUrl: '/img',
  };
  const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });

  it('posts the fields, then the file, with no token and no CSRF header; 204 is success', async () => {
    const { api, sent } = make(() => new Response(null, { status: 204 }));
    await api.uploadImage(target, png, 'art.png');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/artist-selection/uploads');
    expect(sent[0]?.init.method).toBe('POST');
    expect(sent[0]?.init.headers).toBeUndefined();
    const form = sent[0]?.init.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'policy', 'file']);
    expect(form.get('key')).toBe('img-1.png');
    const file = form.get('file') as File;
    expect(file.name).toBe('art.png');
    expect(file.size).toBe(4);
  });

  it('a non-OK answer names its status text', async () => {
    const { api } = make(() => new Response('no', { status: 403, statusText: 'Forbidden' }));
    const error = await api.uploadImage(target, png, 'art.png').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageUploadError);
    expect(error).toMatchObject({
      kind: 'status',
      status: 403,
      message: 'Failed to upload image to storage: Forbidden',
    });
  });

  it('no answer: a cross-origin URL is a CORS block, a same-origin one a network failure', async () => {
    const cross = make(() => new TypeError('Failed to fetch'));
    const blocked = await cross.api
      .uploadImage({ ...target, uploadUrl: 'https://bucket.example.com/' }, png, 'a.png')
      .catch((e: unknown) => e);
    expect(blocked).toMatchObject({
      kind: 'cors',
      message: 'Upload blocked by CORS policy. Please contact support or try again later.',
    });
    const same = await cross.api.uploadImage(target, png, 'a.png').catch((e: unknown) => e);
    expect(same).toMatchObject({ kind: 'network', message: 'Failed to upload image. Please try again.' });
  });
});
