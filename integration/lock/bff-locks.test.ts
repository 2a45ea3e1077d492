/**
 * The board-lock calls of spec section 7 through the real BFF, identity, lock and canvas services:
 * the spec's shapes (Board lock, Lock status, Current-lock response), the 409 bodies, section 8's
 * messages, ownership validation, and the lock events on `GET /api/events` (lock:expired and
 * lock:warning only on the holder's stream).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@tessera/kit/testing';
import { SseClient } from '../../bff/src/canvas/test/sse-client.js';
import type { RawBrowser } from '../../testing/raw-http.js';
import { startBadInputStack, type BadInputStack } from '../bad-input/stack.js';
import { register } from '../../testing/user-flow.js';

let s: BadInputStack;
let c: number;
let a: { http: RawBrowser; auth: Record<string, string>; userId: string; username: string };
let b: typeof a;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

beforeAll(async () => {
  s = await startBadInputStack();
  c = s.canvasIndex;
  a = {
    http: s.seed.browser,
    auth: { authorization: `Bearer ${s.seed.accessToken}` },
    userId: s.seed.userId,
    username: s.seed.username,
  };
  b = await register(s.base, 'bee');
}, 60_000);
afterAll(() => s?.close());

const call = (who: typeof a, method: string, path: string, body?: unknown) =>
  who.http.send({ method, path, body, headers: who.auth });

describe('board locks through the BFF', () => {
  it('acquire, status, lists, current lock, validate, extend and release in the spec shapes', async () => {
    const got = await call(a, 'POST', `/api/boards/${c}/7/lock`, { duration: 5 });
    expect(got.status).toBe(200);
    const lock = (got.json as { lock: Record<string, unknown> }).lock;
    expect(got.json).toMatchObject({ success: true, message: 'Board locked successfully' });
    expect(lock).toMatchObject({
      canvas_index: c,
      ui_board_index: 7,
      user_id: a.userId,
      user: { id: a.userId, username: a.username },
      is_active: true,
      canvasIndex: c,
      boardIndex: 7,
    });
    expect(lock.id).toMatch(/^[0-9a-f]{32}$/);
    for (const k of ['acquired_at', 'last_activity', 'expires_at', 'expiresAt']) expect(lock[k]).toMatch(ISO);
    expect(lock.time_remaining).toBeGreaterThan(290);
    expect(lock.time_remaining).toBeLessThanOrEqual(300);
    expect(lock.fencingToken).toBeGreaterThan(0);

    const status = await call(b, 'GET', `/api/boards/${c}/7/status`);
    expect(status.json).toEqual({
      success: true,
      data: {
        isLocked: true,
        canLock: false,
        uiBoardIndex: 7,
        canvasIndex: c,
        lock: {
          userId: a.userId,
          username: a.username,
          acquiredAt: lock.acquired_at,
          expiresAt: lock.expires_at,
          timeRemaining: expect.any(Number),
        },
      },
    });
    expect((await call(a, 'GET', `/api/boards/${c}/7/status`)).json).toMatchObject({
      data: { canLock: true },
    });
    expect((await s.seed.browser.send({ path: `/api/boards/${c}/8/status` })).json).toEqual({
      success: true,
      data: { isLocked: false, canLock: false, uiBoardIndex: 8, canvasIndex: c, lock: null },
    });

    expect((await call(a, 'GET', '/api/boards/my-current-lock')).json).toEqual({
      success: true,
      hasLock: true,
      lock: { canvasIndex: c, boardIndex: 7, expiresAt: lock.expires_at },
    });
    expect((await call(b, 'GET', '/api/boards/my-current-lock')).json).toEqual({
      success: true,
      hasLock: false,
      lock: null,
    });
    expect((await call(a, 'GET', '/api/boards/my-locks')).json).toMatchObject({
      success: true,
      data: [{ id: lock.id }],
    });
    expect((await call(b, 'GET', '/api/boards/my-locks')).json).toEqual({ success: true, data: [] });
    expect((await call(b, 'GET', '/api/boards/locks')).json).toMatchObject({
      success: true,
      data: [{ id: lock.id }],
    });
    expect((await call(b, 'GET', `/api/boards/locks?canvas_index=${c + 1}`)).json).toEqual({
      success: true,
      data: [],
    });

    expect((await call(a, 'GET', `/api/boards/${c}/7/validate`)).json).toEqual({
      success: true,
      valid: true,
    });
    expect(
      (await call(a, 'GET', `/api/boards/${c}/7/validate?fencingToken=${lock.fencingToken}`)).json,
    ).toEqual({
      success: true,
      valid: true,
    });
    expect((await call(a, 'GET', `/api/boards/${c}/7/validate?fencingToken=1`)).json).toEqual({
      success: true,
      valid: false,
    });
    expect((await call(b, 'GET', `/api/boards/${c}/7/validate`)).json).toEqual({
      success: true,
      valid: false,
    });

    const ext = await call(a, 'PUT', `/api/boards/${c}/7/lock`, { duration: 5 });
    expect(ext.json).toMatchObject({ success: true, message: 'Lock extended by 5 minutes' });
    const extended = (ext.json as { lock: { expiresAt: string } }).lock.expiresAt;
    expect(Date.parse(extended) - Date.parse(lock.expires_at as string)).toBe(300_000);
    const notMine = await call(b, 'PUT', `/api/boards/${c}/7/lock`, {});
    expect(notMine.status).toBe(409);
    expect(notMine.json).toMatchObject({
      success: false,
      error: 'LOCK_CONFLICT',
      message: 'Failed to extend lock',
    });

    expect((await call(b, 'DELETE', `/api/boards/${c}/7/lock`)).json).toMatchObject({
      success: true,
      released: false,
    });
    expect((await call(a, 'DELETE', `/api/boards/${c}/7/lock?explicit=true`)).json).toEqual({
      success: true,
      released: true,
      message: 'Lock released',
    });
    expect((await call(a, 'GET', '/api/boards/my-current-lock')).json).toMatchObject({ hasLock: false });
  });

  it('answers the spec 409 bodies: existing_lock and locked by another user', async () => {
    await call(a, 'POST', `/api/boards/${c}/10/lock`, {});
    const second = await call(a, 'POST', `/api/boards/${c}/11/lock`, {});
    expect(second.status).toBe(409);
    expect(second.json).toEqual({
      success: false,
      message: `You already have board 10 locked on canvas ${c}. Please release it first.`,
      error: 'LOCK_CONFLICT',
      statusCode: 409,
      timestamp: expect.stringMatching(ISO),
      field: null,
      type: 'existing_lock',
      existingLock: { boardIndex: 10, canvasIndex: c },
    });
    expect((await call(a, 'GET', `/api/boards/${c}/11/status`)).json).toMatchObject({
      data: { isLocked: false },
    });

    const other = await call(b, 'POST', `/api/boards/${c}/10/lock`, {});
    expect(other.status).toBe(409);
    const body = other.json as Record<string, unknown>;
    expect(body).toMatchObject({
      success: false,
      error: 'LOCK_CONFLICT',
      statusCode: 409,
      type: 'locked_by_other',
      lock: { userId: a.userId, username: a.username },
    });
    const until = (body.lock as { expiresAt: string }).expiresAt;
    expect(body.message).toBe(`Board 10 is locked by ${a.username} until ${until}`);
    await call(a, 'DELETE', `/api/boards/${c}/10/lock`);
  });

  it('sends lock changes to every stream and lock:expired only to the holder', async () => {
    const holderStream = await SseClient.open(
      `${s.base}/api/events?access_token=${encodeURIComponent(s.seed.accessToken)}`,
    );
    const otherStream = await SseClient.open(`${s.base}/api/events`, b.auth);
    try {
      const got = await call(a, 'POST', `/api/boards/${c}/12/lock`, { duration: 1 });
      expect(got.status).toBe(200);
      for (const stream of [holderStream, otherStream])
        await eventually(() => stream.events.find((e) => e.event === 'lock:acquired'), 5000);
      const ev = JSON.parse(holderStream.events.find((e) => e.event === 'lock:acquired')!.data) as Record<
        string,
        unknown
      >;
      expect(ev).toMatchObject({ canvasIndex: c, boardIndex: 12, userId: a.userId, username: a.username });
      // the lock service's sweeper reports the expiry: force it now instead of waiting a minute
      await s.lockKv.del(`lock:board:${c}:12`);
      await s.lockKv.del(`lock:user:${a.userId}`);
      await s.lockKv.zadd(
        'lock:schedule:expiry',
        (await s.lockKv.zrangeByScore('lock:schedule:expiry', 0, Number.MAX_SAFE_INTEGER))[0]!.member,
        0,
      );
      await s.lockService.sweeper.sweep();
      await eventually(() => holderStream.events.find((e) => e.event === 'lock:expired'), 5000);
      await eventually(() => otherStream.events.find((e) => e.event === 'lock:released'), 5000);
      expect(otherStream.events.some((e) => e.event === 'lock:expired')).toBe(false);
      expect(JSON.parse(otherStream.events.find((e) => e.event === 'lock:released')!.data)).toMatchObject({
        boardIndex: 12,
        reason: 'expired',
      });
    } finally {
      holderStream.close();
      otherStream.close();
    }
  });
});
