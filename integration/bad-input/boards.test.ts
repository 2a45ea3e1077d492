/**
 * Bad input on the board-lock routes, through the BFF to the real lock service: bad indexes, bad
 * bodies and durations, bad tokens, guests. Every refusal is a 4xx with the spec's error body, no
 * lock is left behind by a refused request, and afterwards every process answers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { forSuite } from '@tessera/kit/testing';
import { BAD_INDEXES, bodyRequest, malformedBodies, wrongShapes } from './cases.js';
import { send, type Got } from '../../testing/raw-http.js';
import { expectSpecError } from './spec-error.js';
import { expectSurvived, startBadInputStack } from './stack.js';

const s = forSuite(startBadInputStack);
let c: number;
beforeAll(() => {
  c = s.canvasIndex;
});

async function noLockLeft(): Promise<void> {
  const res = await s.seed.request('GET', '/api/boards/my-current-lock');
  expect(res.json).toMatchObject({ success: true, hasLock: false, lock: null });
}

const LOCK_PATHS = (board: string, canvas = String(c)) => [
  ['POST', `/api/boards/${canvas}/${board}/lock`],
  ['PUT', `/api/boards/${canvas}/${board}/lock`],
  ['DELETE', `/api/boards/${canvas}/${board}/lock`],
  ['GET', `/api/boards/${canvas}/${board}/status`],
  ['GET', `/api/boards/${canvas}/${board}/validate`],
];

describe('board-lock routes', () => {
  it('refuse bad canvas and board indexes with 400', async () => {
    for (const bad of [...BAD_INDEXES, '625', '4294967296']) {
      for (const [method, path] of [...LOCK_PATHS(bad), ...LOCK_PATHS('7', bad === '625' ? 'x' : bad)]) {
        const res = await s.seed.request(method!, path!);
        expectSpecError(res, `${method} ${path}`, { status: 400, code: 'VALIDATION_ERROR' });
      }
    }
    await noLockLeft();
  });

  it('refuse a guest with 401; the lock call says "Authentication required to acquire board lock"', async () => {
    const guest = await s.seed.browser.send({ method: 'POST', path: `/api/boards/${c}/7/lock`, body: {} });
    expectSpecError(guest, 'guest lock', { status: 401, code: 'UNAUTHORIZED' });
    expect((guest.json as { message: string }).message).toBe('Authentication required to acquire board lock');
    for (const [method, path] of [
      ['PUT', `/api/boards/${c}/7/lock`],
      ['DELETE', `/api/boards/${c}/7/lock`],
      ['GET', `/api/boards/${c}/7/validate`],
      ['GET', '/api/boards/my-locks'],
      ['GET', '/api/boards/locks'],
      ['GET', '/api/boards/my-current-lock'],
    ]) {
      expectSpecError(await s.seed.browser.send({ method: method!, path: path! }), `${method} ${path}`, {
        status: 401,
      });
    }
    for (const token of ['x', 'a.b.c', `${s.seed.accessToken}x`]) {
      const res = await s.seed.browser.send({
        method: 'POST',
        path: `/api/boards/${c}/7/lock`,
        headers: { authorization: `Bearer ${token}` },
      });
      expectSpecError(res, `bad bearer ${token.slice(0, 12)}`, { status: 401 });
    }
  });

  it('refuse bad durations with 400 and take no lock', async () => {
    for (const duration of [0, -1, 31, 1.5, '5', [5], { m: 5 }, true, 1e308, 'x'.repeat(5000)]) {
      for (const method of ['POST', 'PUT']) {
        const res = await s.seed.request(method, `/api/boards/${c}/7/lock`, { body: { duration } });
        expectSpecError(res, `${method} duration ${JSON.stringify(duration).slice(0, 20)}`, {
          status: method === 'POST' ? 400 : undefined,
        });
      }
    }
    await noLockLeft();
  });

  it('refuse malformed bodies with the spec error and answer other shapes without leaving a stray lock', async () => {
    for (const bc of malformedBodies({ duration: 5 })) {
      const res = await send(
        s.base,
        bodyRequest('POST', `/api/boards/${c}/8/lock`, {
          ...bc,
          headers: { ...(await s.seed.browser.headersFor('POST')), ...s.seed.bearer, ...bc.headers },
        }),
      );
      expectSpecError(res, `malformed ${bc.name}`, bc.want);
    }
    await noLockLeft();
    for (const bc of wrongShapes({ duration: 5 })) {
      const res: Got = await s.seed.request('POST', `/api/boards/${c}/8/lock`, { body: bc.body });
      if (res.status === 200) {
        expect(res.json, bc.name).toMatchObject({ success: true, lock: { boardIndex: 8 } });
        expect((await s.seed.request('DELETE', `/api/boards/${c}/8/lock`)).json).toMatchObject({
          released: true,
        });
      } else {
        expectSpecError(res, `shape ${bc.name}`);
      }
    }
    await noLockLeft();
  });

  it('refuse bad query values', async () => {
    for (const q of ['explicit=maybe', 'explicit=1&explicit=0'])
      expectSpecError(await s.seed.request('DELETE', `/api/boards/${c}/7/lock?${q}`), q, { status: 400 });
    for (const q of [
      'fencingToken=-1',
      'fencingToken=1.5',
      'fencingToken=abc',
      'fencingToken=99999999999999999',
    ])
      expectSpecError(await s.seed.request('GET', `/api/boards/${c}/7/validate?${q}`), q, { status: 400 });
    for (const q of ['canvas_index=-1', 'canvas_index=abc', 'canvas_index=1&canvas_index=2'])
      expectSpecError(await s.seed.request('GET', `/api/boards/locks?${q}`), q, { status: 400 });
  });

  it('leave every process answering', async () => {
    await expectSurvived(s);
  });
});
