/**
 * Bad input on the artist-selection routes, through the BFF to the real submission service: bad
 * query values, ids, bodies and vote types, bad upload forms (wrong content type, broken multipart,
 * missing or forged fields, extra parts, oversized fields), bad image keys, guests and bad tokens.
 * Every refusal is a 4xx with the spec's error body; the seeded submission, its votes and its image
 * are unchanged afterwards, and every process answers.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UploadTarget } from '@tessera/api/submissions';
import { forSuite } from '@tessera/kit/testing';
import { bodyRequest, fieldCases, LONG, malformedBodies, wrongShapes } from './cases.js';
import { send, type Got } from '../../testing/raw-http.js';
import { expectSpecError } from './spec-error.js';
import { expectSurvived, startBadInputStack } from './stack.js';

const s = forSuite(startBadInputStack);
let seeded: { id: string; imageUrl: string; netScore: number };
let spareImageUrl = '';

async function uploadForm(contentType = 'image/png', fileSize = 1000) {
  const res = await s.seed.request('POST', '/api/artist-selection/upload-url', {
    body: { filename: 'art.png', contentType, fileSize },
  });
  expect(res.status).toBe(200);
  return (res.json as { data: UploadTarget }).data;
}

/** One part of a multipart body; a part with `file` is a file (Content-Type `type`, else image/png). */
type Part = { name: string; value: string | Buffer; file?: string; type?: string };

function multipart(parts: Part[], boundary = 'BadInputBoundary') {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.file !== undefined ? `; filename="${p.file}"` : ''}`;
    const type = p.file !== undefined ? `\r\nContent-Type: ${p.type ?? 'image/png'}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const postUpload = (body: Buffer | string, contentType: string, headers: Record<string, string> = {}) =>
  send(s.base, {
    method: 'POST',
    path: '/api/artist-selection/uploads',
    body,
    headers: { 'content-type': contentType, ...headers },
  });

let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#224466' } })
    .png()
    .toBuffer();
  for (const which of ['seed', 'spare']) {
    const f = await uploadForm('image/png', png.length);
    const m = multipart([
      ...Object.entries(f.fields).map(([name, value]) => ({ name, value })),
      { name: 'file', value: png, file: 'a.png' },
    ]);
    const up = await postUpload(m.body, m.contentType);
    expect(up.status, up.text).toBe(201);
    if (which === 'spare') spareImageUrl = f.imageUrl;
    else {
      const created = await s.seed.request('POST', '/api/artist-selection/submissions', {
        body: { title: 'Seeded artwork', description: 'A description long enough', imageUrl: f.imageUrl },
      });
      expect(created.status, created.text).toBe(201);
      seeded = (created.json as { data: { id: string; imageUrl: string; netScore: number } }).data;
    }
  }
}, 90_000);

const validCreate = () => ({
  title: 'Another artwork',
  description: 'A description long enough',
  imageUrl: spareImageUrl,
});

describe('artist-selection routes', () => {
  it('refuse bad list queries with 400', async () => {
    for (const q of [
      'sort=top',
      'sort=',
      'sort=hot&sort=new',
      'page=0',
      'page=-1',
      'page=1.5',
      'page=abc',
      'page=99999999999',
      'page=1&page=2',
      'limit=0',
      'limit=51',
      'limit=1e3',
      `search=${'x'.repeat(101)}`,
      'search=a&search=b',
    ]) {
      expectSpecError(await s.http.get(`/api/artist-selection/submissions?${q}`), q, {
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    }
    for (const q of [
      'search=%00%01',
      'search=%5C%5C%28%28',
      'search=.*.*.*.*.*.*.*.*.*.*.*.*.*x',
      'search=%F0%9F%8E%A8',
    ]) {
      const res = await s.http.get(`/api/artist-selection/submissions?${q}`);
      expect(res.status, q).toBe(200);
    }
  });

  it('refuse malformed and wrong-shaped bodies of every state-changing route', async () => {
    const routes: [string, string, Record<string, unknown>][] = [
      ['POST', '/api/artist-selection/submissions', validCreate()],
      ['POST', `/api/artist-selection/submissions/${seeded.id}/vote`, { voteType: 1 }],
      [
        'POST',
        '/api/artist-selection/upload-url',
        { filename: 'a.png', contentType: 'image/png', fileSize: 10 },
      ],
    ];
    for (const [method, path, valid] of routes) {
      for (const bc of malformedBodies(valid)) {
        const res = await send(
          s.base,
          bodyRequest(method, path, {
            ...bc,
            headers: { ...(await s.seed.browser.headersFor(method)), ...s.seed.bearer, ...bc.headers },
          }),
        );
        expectSpecError(res, `${path} malformed ${bc.name}`, bc.want);
      }
      for (const bc of wrongShapes(valid)) {
        const res: Got = await s.seed.request(method, path, { body: bc.body });
        if (res.status === 200 && path.endsWith('/upload-url')) continue; // a harmless new form
        if (res.status === 200 && path.endsWith('/vote')) {
          // the duplicate-key case carries voteType 5 last... any accepted vote is undone below
          continue;
        }
        expectSpecError(res, `${path} shape ${bc.name}`);
      }
    }
  });

  it('refuse bad fields of a new submission (every valid one meets the seeded active submission: 409)', async () => {
    for (const bc of fieldCases(validCreate)) {
      const res = await s.seed.request('POST', '/api/artist-selection/submissions', { body: bc.body });
      expectSpecError(res, `create ${bc.name}`, bc.want);
    }
  });

  it('refuse bad vote types with "Invalid vote type." and bad ids with 404', async () => {
    for (const voteType of [0, 2, -2, 1.5, '1', '-1', 'up', null, true, [], {}, 1e308, LONG]) {
      const res = await s.seed.request('POST', `/api/artist-selection/submissions/${seeded.id}/vote`, {
        body: { voteType },
      });
      expectSpecError(res, `voteType ${JSON.stringify(voteType).slice(0, 20)}`, {
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      expect((res.json as { message: string }).message).toBe('Invalid vote type.');
    }
    for (const id of [
      'x'.repeat(65),
      '%00',
      '..',
      '%2e%2e',
      'a%2Fb',
      '%F0%9F%8E%A8',
      'id%20with%20space',
      '00000000-0000-0000-0000-000000000000',
    ]) {
      for (const [method, path, body] of [
        ['POST', `/api/artist-selection/submissions/${id}/vote`, { voteType: 1 }],
        ['DELETE', `/api/artist-selection/submissions/${id}`, undefined],
      ] as const) {
        expectSpecError(await s.seed.request(method, path, { body }), `${method} ${path}`, {
          status: 404,
          code: 'NOT_FOUND',
        });
      }
    }
  });

  it('refuse bad upload-url bodies with the spec texts', async () => {
    for (const [body, message] of [
      [
        { filename: 'a.gif', contentType: 'image/gif', fileSize: 10 },
        'Only PNG, JPEG, and WebP images are allowed.',
      ],
      [
        { filename: 'a.svg', contentType: 'image/svg+xml', fileSize: 10 },
        'Only PNG, JPEG, and WebP images are allowed.',
      ],
      [
        { filename: 'a.png', contentType: 'image/png', fileSize: 10 * 1024 * 1024 + 1 },
        'File size must be under 10MB.',
      ],
      [{ filename: 'a.png', contentType: 'image/png', fileSize: -5 }, 'File size must be under 10MB.'],
      [{ filename: 'a.png', contentType: 'image/png', fileSize: '10' }, 'File size must be under 10MB.'],
      [{ filename: 'a.png', contentType: 'image/png', fileSize: 1e308 }, 'File size must be under 10MB.'],
      [{ filename: 'a.png', contentType: 'image/png' }, 'File size must be under 10MB.'],
      [{ filename: 'a.png', contentType: 42, fileSize: 10 }, undefined],
      [{ filename: 'a\u0000.png', contentType: 'image/png', fileSize: 10 }, undefined],
      [{ filename: LONG, contentType: 'image/png', fileSize: 10 }, undefined],
    ] as const) {
      const res = await s.seed.request('POST', '/api/artist-selection/upload-url', { body });
      expectSpecError(res, JSON.stringify(body).slice(0, 60), { status: 400 });
      if (message) expect((res.json as { message: string }).message).toBe(message);
    }
  });

  it('refuse bad uploads: content types, broken multipart, missing, forged or oversized fields, extra parts', async () => {
    const f = await uploadForm('image/png', png.length);
    const fieldParts = Object.entries(f.fields).map(([name, value]) => ({ name, value }));
    /** The signed fields with one of them changed. */
    const forged = (field: string, value: string) =>
      fieldParts.map((p) => (p.name === field ? { ...p, value } : p));
    const file = { name: 'file', value: png, file: 'a.png' };
    type Want = { status?: number; code?: string };
    const bodies: [string, Buffer | string, string, Want][] = [
      ['JSON', JSON.stringify(f.fields), 'application/json', { status: 415 }],
      ['text', 'hello', 'text/plain', { status: 415 }],
      ['no boundary', 'x', 'multipart/form-data', { status: 415 }],
      ['empty body', '', 'multipart/form-data; boundary=b', {}],
      ['garbage', 'this is not multipart at all', 'multipart/form-data; boundary=b', {}],
      ['truncated', multipart([...fieldParts, file]).body.subarray(0, 200), multipart([]).contentType, {}],
    ];
    const forms: [string, Part[], Want][] = [
      ['no file', fieldParts, { status: 400, code: 'MISSING_FIELD' }],
      ['no fields', [file], { status: 403, code: 'FORBIDDEN' }],
      ['file before fields', [file, ...fieldParts], { status: 403 }],
      ['two files', [...fieldParts, file, { name: 'file2', value: png, file: 'b.png' }], { status: 400 }],
      ['a 20 kB field', [...fieldParts, { name: 'extra', value: LONG }, file], { status: 400 }],
      [
        'many fields',
        [...Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, value: 'x' })), file],
        { status: 400 },
      ],
      ['forged signature', [...forged('x-tessera-signature', 'f'.repeat(64)), file], { status: 403 }],
      ['another key', [...forged('key', 'img-AAAAAAAAAAAAAAAAAAAAAAAA.png'), file], { status: 403 }],
      ['policy not base64 JSON', [...forged('policy', '%%%'), file], { status: 403 }],
      [
        'an HTML file',
        [...fieldParts, { name: 'file', value: '<html><script>alert(1)</script></html>', file: 'x.png' }],
        { status: 400, code: 'VALIDATION_ERROR' },
      ],
      ['an empty file', [...fieldParts, { name: 'file', value: '', file: 'x.png' }], { status: 400 }],
    ];
    for (const [name, body, type, want] of bodies)
      expectSpecError(await postUpload(body, type), `upload ${name}`, want);
    for (const [name, parts, want] of forms) {
      const form = multipart(parts);
      expectSpecError(await postUpload(form.body, form.contentType), `upload ${name}`, want);
    }
    // the real form was refused as HTML once and is now used: a valid upload with it is a conflict
    const again = multipart([...fieldParts, file]);
    expectSpecError(await postUpload(again.body, again.contentType), 'used form', { status: 409 });
    // cross-site posts are refused whatever they carry
    expectSpecError(
      await postUpload(again.body, again.contentType, {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      }),
      'cross-site',
      {
        status: 403,
        code: 'CSRF_INVALID',
      },
    );
  });

  it('refuse bad image keys with 404 and guests and bad tokens with 401', async () => {
    for (const key of [
      'x',
      'img-AAAAAAAAAAAAAAAAAAAAAAAA.png',
      '..%2F..%2Fetc%2Fpasswd',
      '%00',
      'img-AAAAAAAAAAAAAAAAAAAAAAAA.gif',
      LONG.slice(0, 3000),
    ])
      expectSpecError(await s.http.get(`/api/artist-selection/images/${key}`), `image ${key.slice(0, 30)}`, {
        status: 404,
      });
    for (const [method, path] of [
      ['POST', '/api/artist-selection/submissions'],
      ['DELETE', `/api/artist-selection/submissions/${seeded.id}`],
      ['POST', `/api/artist-selection/submissions/${seeded.id}/vote`],
      ['POST', '/api/artist-selection/upload-url'],
    ] as const) {
      expectSpecError(await s.seed.browser.send({ method, path, body: {} }), `guest ${method} ${path}`, {
        status: 401,
      });
      for (const token of ['x', 'a.b.c', `${s.seed.accessToken}x`])
        expectSpecError(
          await s.seed.browser.send({
            method,
            path,
            body: {},
            headers: { authorization: `Bearer ${token}` },
          }),
          `bad bearer ${method} ${path}`,
          { status: 401 },
        );
    }
    // the list ignores a bad token (optional authentication)
    const res = await s.http.get('/api/artist-selection/submissions', { authorization: 'Bearer a.b.c' });
    expect(res.status).toBe(200);
  });

  it('leave the seeded submission, its image and every process as they were', async () => {
    // a vote-shaped case may have voted: undo whatever vote the seed user has left
    const list = await s.seed.request('GET', '/api/artist-selection/submissions?sort=new');
    const mine = (
      list.json as { data: { id: string; userVoteType: number; netScore: number; title: string }[] }
    ).data.find((x) => x.id === seeded.id)!;
    expect(mine).toMatchObject({ title: 'Seeded artwork' });
    if (mine.userVoteType !== 0)
      await s.seed.request('POST', `/api/artist-selection/submissions/${seeded.id}/vote`, {
        body: { voteType: mine.userVoteType },
      });
    const after = await s.seed.request('GET', '/api/artist-selection/submissions?sort=new');
    expect(
      (after.json as { data: { id: string; netScore: number }[] }).data.find((x) => x.id === seeded.id),
    ).toMatchObject({ netScore: seeded.netScore });
    const stored = await s.submission.core.deps.submissions.raw(seeded.id);
    expect(stored).toMatchObject({ status: 'active', netScore: seeded.netScore, title: 'Seeded artwork' });
    const img = await send(s.base, { path: seeded.imageUrl });
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    await expectSurvived(s);
  });
});
