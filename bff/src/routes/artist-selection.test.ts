/**
 * The artist-selection routes through a real BFF on port 0 against the real submission service (its
 * test harness: embedded stores, fake canvas and renderer) and an identity double: the spec's shapes
 * and error bodies, optional authentication on the list, CSRF on the state-changing calls, the direct
 * upload without auth or CSRF token, its 10 MB streaming cap, and the image route's headers.
 */
import http from 'node:http';
import { create } from '@bufbuild/protobuf';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SubmissionCreated,
  SubmissionDeleted,
  SubmissionList,
  UploadStored,
  UploadUrlAnswer,
  VoteAnswer,
} from '@tessera/api/submissions';
import { UserSchema } from '@tessera/proto/tessera/identity/v1/identity_pb.js';
import { startHarness, type Harness } from '@tessera/submission/testing';
import { startBff, type RunningBff } from '../auth/test/app.js';
import { Browser } from '../auth/test/browser.js';
import { startIdentityDouble, type IdentityDouble } from '../auth/test/identity-double.js';
import { expectContract } from '../test/contract.js';

let identity: IdentityDouble;
let sub: Harness;
let bff: RunningBff;
let browser: Browser;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  identity = await startIdentityDouble();
  for (const [id, username] of [
    ['u2', 'grace'],
    ['u3', 'linus'],
    ['u4', ''],
  ] as const)
    identity.users.set(id, create(UserSchema, { id, username, email: `${id}@example.com` }));
  sub = await startHarness({ consumers: false });
  bff = await startBff({ identity: identity.url, submission: sub.server.url });
  browser = new Browser(bff.base);
  for (const id of ['u1', 'u2', 'u3', 'u4']) tokens[id] = await identity.sign(id);
}, 60_000);
afterAll(async () => {
  await bff?.close();
  await sub?.close();
  await identity?.close();
});

const as = (user: string) => ({ authorization: `Bearer ${tokens[user]}` });

async function call(method: string, path: string, opts: { user?: string; body?: unknown } = {}) {
  const res = await browser.request(method, path, {
    body: opts.body,
    headers: opts.user ? as(opts.user) : {},
  });
  return { status: res.status, json: res.body as unknown, headers: res.headers };
}

/** POSTs `body` to `path` as `user` (a guest when undefined) and expects the error envelope. */
async function expectPostError(
  path: string,
  user: string | undefined,
  body: unknown,
  [status, code, message]: [number, string, string?],
) {
  expectError(await call('POST', path, { ...(user ? { user } : {}), body }), status, code, message);
}

function expectError(res: { status: number; json: unknown }, status: number, code: string, message?: string) {
  expect(res.status).toBe(status);
  expect(res.json).toMatchObject({
    success: false,
    error: code,
    statusCode: status,
    ...(message ? { message } : {}),
  });
  expect(Number.isNaN(Date.parse((res.json as { timestamp: string }).timestamp))).toBe(false);
}

const png = (w = 12, h = 12) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#4488cc' } })
    .png()
    .toBuffer();

/** The browser's direct upload: the fields first, then the file; no auth, no CSRF token. */
function upload(
  uploadUrl: string,
  fields: Record<string, string>,
  file: Buffer | Blob,
  name = 'art.png',
  type = 'image/png',
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file instanceof Blob ? file : new Blob([file], { type }), name);
  return fetch(`${bff.base}${uploadUrl}`, { method: 'POST', body: form });
}

async function uploadUrl(user: string, size: number, contentType = 'image/png') {
  const res = await call('POST', '/api/artist-selection/upload-url', {
    user,
    body: { filename: 'art.png', contentType, fileSize: size },
  });
  expect(res.status).toBe(200);
  return expectContract(UploadUrlAnswer, res.json).data;
}

async function submit(user: string, title: string) {
  const image = await png();
  const u = await uploadUrl(user, image.length);
  expect((await upload(u.uploadUrl, u.fields, image)).status).toBe(201);
  const res = await call('POST', '/api/artist-selection/submissions', {
    user,
    body: { title, description: 'Warm colours over a quiet sea', imageUrl: u.imageUrl },
  });
  expect(res.status).toBe(201);
  return (res.json as { data: { id: string } }).data;
}

describe('artist selection API', () => {
  it('uploads, creates, lists (guest and signed in), votes and deletes in the spec shapes', async () => {
    const image = await png();
    const u = await uploadUrl('u1', image.length);
    expect(u.uploadUrl).toBe('/api/artist-selection/uploads');
    expect(Object.keys(u.fields)).toEqual([
      'key',
      'Content-Type',
      'policy',
      'x-tessera-algorithm',
      'x-tessera-signature',
    ]);
    const up = await upload(u.uploadUrl, u.fields, image);
    expect(up.status).toBe(201);
    expect(expectContract(UploadStored, await up.json())).toEqual({
      success: true,
      data: { imageUrl: u.imageUrl },
    });

    const created = await call('POST', '/api/artist-selection/submissions', {
      user: 'u1',
      body: { title: 'Sunset', description: 'Warm colours over a quiet sea', imageUrl: u.imageUrl },
    });
    expect(created.status).toBe(201);
    const s = expectContract(SubmissionCreated, created.json).data;
    expect(s).toMatchObject({
      userId: 'u1',
      username: 'ada',
      title: 'Sunset',
      description: 'Warm colours over a quiet sea',
      imageUrl: u.imageUrl,
      netScore: 0,
      userVoteType: 0,
      isVerifiedContributor: false,
    });
    expect(Object.keys(s)).toEqual([
      'id',
      'userId',
      'username',
      'title',
      'description',
      'imageUrl',
      'createdAt',
      'netScore',
      'userVoteType',
      'isVerifiedContributor',
    ]);
    expect(Number.isNaN(Date.parse(String(s.createdAt)))).toBe(false);

    const vote = await call('POST', `/api/artist-selection/submissions/${String(s.id)}/vote`, {
      user: 'u2',
      body: { voteType: 1 },
    });
    expectContract(VoteAnswer, vote.json);
    expect(vote.json).toEqual({ success: true, data: { userVoteType: 1, netScore: 1, deleted: false } });

    const guest = await fetch(`${bff.base}/api/artist-selection/submissions?sort=hot&page=1&limit=10`);
    expect(guest.headers.get('cache-control')).toBe('no-store');
    const guestBody = expectContract(SubmissionList, await guest.json());
    expect(guestBody.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      hasNext: false,
      hasPrevious: false,
      totalCount: 1,
    });
    expect(guestBody.data[0]).toMatchObject({ id: s.id, netScore: 1, userVoteType: 0 });
    const mine = await call('GET', '/api/artist-selection/submissions?sort=new&page=1&limit=10&search=SUN', {
      user: 'u2',
    });
    expect(expectContract(SubmissionList, mine.json).data[0]).toMatchObject({
      id: s.id,
      userVoteType: 1,
    });
    // a bad token on the list is ignored (optional authentication)
    const stale = await fetch(`${bff.base}/api/artist-selection/submissions`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(stale.status).toBe(200);

    expectError(
      await call('DELETE', `/api/artist-selection/submissions/${String(s.id)}`, { user: 'u2' }),
      403,
      'FORBIDDEN',
      'You do not have permission to delete this submission.',
    );
    const del = await call('DELETE', `/api/artist-selection/submissions/${String(s.id)}`, { user: 'u1' });
    expectContract(SubmissionDeleted, del.json);
    expect(del.json).toEqual({ success: true, message: 'Submission deleted successfully' });
    expectError(
      await call('DELETE', `/api/artist-selection/submissions/${String(s.id)}`, { user: 'u1' }),
      404,
      'NOT_FOUND',
      'Submission not found.',
    );
    expectError(
      await call('POST', `/api/artist-selection/submissions/${String(s.id)}/vote`, {
        user: 'u2',
        body: { voteType: 1 },
      }),
      404,
      'NOT_FOUND',
      'Submission not found.',
    );
  });

  it('answers the spec errors: 409 active submission, CONTENT_REJECTED, invalid vote type, upload-url texts, guests 401', async () => {
    const submissions = '/api/artist-selection/submissions';
    const uploadPath = '/api/artist-selection/upload-url';
    await submit('u3', 'First of linus');
    const image = await png();
    const u = await uploadUrl('u3', image.length);
    expect((await upload(u.uploadUrl, u.fields, image)).status).toBe(201);
    const entry = (title: string) => ({
      title,
      description: 'a long enough description',
      imageUrl: u.imageUrl,
    });
    await expectPostError(submissions, 'u3', entry('Again'), [
      409,
      'CONFLICT',
      'You already have an active submission. Please edit or delete it first.',
    ]);
    await expectPostError(submissions, 'u2', entry('Sieg Heil'), [
      400,
      'CONTENT_REJECTED',
      'Your submission contains prohibited content. Please remove any hate speech or slurs.',
    ]);
    const list = (await call('GET', submissions)).json as { data: { id: string }[] };
    const id = list.data[0]!.id;
    for (const voteType of [0, 2, '1', null, [1], 1.5])
      await expectPostError(`${submissions}/${id}/vote`, 'u2', { voteType }, [
        400,
        'VALIDATION_ERROR',
        'Invalid vote type.',
      ]);
    await expectPostError(uploadPath, 'u2', { filename: 'a.gif', contentType: 'image/gif', fileSize: 10 }, [
      400,
      'VALIDATION_ERROR',
      'Only PNG, JPEG, and WebP images are allowed.',
    ]);
    await expectPostError(
      uploadPath,
      'u2',
      { filename: 'a.png', contentType: 'image/png', fileSize: 10 * 1024 * 1024 + 1 },
      [400, 'VALIDATION_ERROR', 'File size must be under 10MB.'],
    );
    await expectPostError(submissions, undefined, { title: 'x' }, [401, 'UNAUTHORIZED']);
    await expectPostError(`${submissions}/${id}/vote`, undefined, { voteType: 1 }, [401, 'UNAUTHORIZED']);
    await expectPostError(uploadPath, undefined, {}, [401, 'UNAUTHORIZED']);
    // a user without a username cannot submit
    const nameless = await uploadUrl('u4', image.length);
    expect((await upload(nameless.uploadUrl, nameless.fields, image)).status).toBe(201);
    await expectPostError(
      submissions,
      'u4',
      { title: 'Nameless', description: 'a long enough description', imageUrl: nameless.imageUrl },
      [400, 'VALIDATION_ERROR', 'Please choose a username before submitting artwork.'],
    );
  });

  it('checks CSRF on the state-changing calls, but not on the upload', async () => {
    const noToken = await fetch(`${bff.base}/api/artist-selection/upload-url`, {
      method: 'POST',
      headers: { ...as('u2'), 'content-type': 'application/json' },
      body: JSON.stringify({ filename: 'a.png', contentType: 'image/png', fileSize: 10 }),
    });
    expect(noToken.status).toBe(403);
    const cross = await fetch(`${bff.base}/api/artist-selection/uploads`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x--\r\n',
    });
    expect(cross.status).toBe(403);
  });

  it('serves an uploaded image with its exact content type, nosniff and a year of immutable caching', async () => {
    const jpeg = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#ff0000' } })
      .jpeg()
      .toBuffer();
    const u = await uploadUrl('u2', jpeg.length, 'image/jpeg');
    expect((await upload(u.uploadUrl, u.fields, jpeg, 'photo.jpg', 'image/jpeg')).status).toBe(201);
    const img = await fetch(`${bff.base}${u.imageUrl}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    expect(img.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 20, 10]);
    const again = await fetch(`${bff.base}${u.imageUrl}`, {
      headers: { 'if-none-match': img.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    // the page's policy lets it show images from this origin
    expect(img.headers.get('content-security-policy')).toContain("img-src 'self'");
    expectError(
      {
        status: (await fetch(`${bff.base}/api/artist-selection/images/img-AAAAAAAAAAAAAAAAAAAAAAAA.png`))
          .status,
        json: { success: false, error: 'NOT_FOUND', statusCode: 404, timestamp: new Date().toISOString() },
      },
      404,
      'NOT_FOUND',
    );
    const bad = await fetch(`${bff.base}/api/artist-selection/images/..%2F..%2Fetc`);
    expect(bad.status).toBe(404);
  });

  it('refuses 10 MB + 1 byte while streaming, and files renamed .png that are not images', async () => {
    const uploads = sub.core.uploads;
    const real = uploads.storeUpload.bind(uploads);
    let forwarded = 0;
    uploads.storeUpload = (...args) => {
      forwarded++;
      return real(...args);
    };
    try {
      const u = await uploadUrl('u2', 10 * 1024 * 1024);
      const over = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
      const res = await upload(u.uploadUrl, u.fields, over);
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({
        success: false,
        error: 'PAYLOAD_TOO_LARGE',
        message: 'File size must be under 10MB.',
      });
      // 30 MB sent without a length (chunked): cut off while streaming
      const boundary = 'tessera-test-boundary';
      const head = Object.entries(u.fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('');
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(
            new TextEncoder().encode(
              `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
            ),
          );
        },
        pull(controller) {
          sent += 1024 * 1024;
          if (sent > 30 * 1024 * 1024) controller.close();
          else controller.enqueue(new Uint8Array(1024 * 1024));
        },
      });
      let sent = 0;
      const chunked = await fetch(`${bff.base}/api/artist-selection/uploads`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: stream,
        duplex: 'half',
      } as RequestInit).catch((e: unknown) => e);
      console.log(
        `chunked 30 MB upload: ${chunked instanceof Response ? chunked.status : String(chunked)} after ${sent >> 20} MB were pulled`,
      );
      if (chunked instanceof Response) expect(chunked.status).toBe(413);
      expect(sent).toBeLessThan(30 * 1024 * 1024);
      // a request declaring more than the cap is answered before its body is read
      const declared = await new Promise<number>((resolve, reject) => {
        const req = http.request(`${bff.base}/api/artist-selection/uploads`, {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(50 * 1024 * 1024),
          },
        });
        req.on('response', (r) => {
          resolve(r.statusCode ?? 0);
          req.destroy();
        });
        req.on('error', reject);
        req.write(head);
      });
      expect(declared).toBe(413);
      // none of them reached the submission service
      expect(forwarded).toBe(0);
    } finally {
      uploads.storeUpload = real;
    }
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const v = await uploadUrl('u2', html.length);
    const refused = await upload(v.uploadUrl, v.fields, html, 'evil.png');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      message: 'Only PNG, JPEG, and WebP images are allowed.',
    });
    // a forged form and a used one
    const image = await png();
    const w = await uploadUrl('u2', image.length);
    const forged = await upload(w.uploadUrl, { ...w.fields, 'x-tessera-signature': '0'.repeat(64) }, image);
    expect(forged.status).toBe(403);
    expect((await upload(w.uploadUrl, w.fields, image)).status).toBe(201);
    expect((await upload(w.uploadUrl, w.fields, image)).status).toBe(409);
  });
});
