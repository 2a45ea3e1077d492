// Lock API module over the real ApiClient with a scripted fetch (spec sections 3, 7 and 8).
import { describe, expect, it } from 'vitest';
import { SIGNED_IN_USER, createHarness, csrfBody, json, routes } from '../../api/client.fixture.js';
import { LockError, createLockApi, lockHeldByOther, readLockStatus, type LockStatus } from './lock-api.js';
import { lockTime } from './lock-messages.js';
import { TRACEPARENT_PATTERN } from '../../api/user-action.js';
import type { BoardLock as BoardLockBody, LockHolder } from '@tessera/api/locks';

const EXPIRES = '2026-11-24T01:05:00.000Z';
const serverLock = {
  id: 'l1',
  canvas_index: 0,
  ui_board_index: 7,
  user_id: 'u1',
  user: { id: 'u1', username: 'ada' },
  acquired_at: '2026-11-24T01:00:00.000Z',
  last_activity: '2026-11-24T01:00:00.000Z',
  expires_at: EXPIRES,
  is_active: true,
  time_remaining: 300,
  canvasIndex: 0,
  boardIndex: 7,
  expiresAt: EXPIRES,
  fencingToken: 3,
} satisfies BoardLockBody;
const holder = {
  userId: 'u2',
  username: 'bob',
  acquiredAt: '2026-11-24T01:00:00.000Z',
  expiresAt: EXPIRES,
  timeRemaining: 200,
} satisfies LockHolder;

function harness(table: Parameters<typeof routes>[0]) {
  const h = createHarness(routes({ 'GET /csrf/csrf-token-secure': [json(200, csrfBody('c1'))], ...table }));
  h.auth.setSession({ accessToken: 'tok', expiresIn: 900, user: SIGNED_IN_USER });
  return { ...h, locks: createLockApi(h.client) };
}

/** What h.locks.acquire(0, 7) throws when the server refuses the lock with this status and body. */
function acquireRefused(status: number, body: Record<string, unknown>): Promise<unknown> {
  const h = harness({ 'POST /boards/0/7/lock': [json(status, { success: false, ...body })] });
  return h.locks.acquire(0, 7).catch((e: unknown) => e);
}

describe('lock api', () => {
  it('acquires with POST /boards/{c}/{b}/lock {duration: 5} and reads the server lock', async () => {
    const h = harness({ 'POST /boards/0/7/lock': [json(200, { success: true, lock: serverLock })] });
    const lock = await h.locks.acquire(0, 7);
    expect(lock).toEqual({
      canvasIndex: 0,
      boardIndex: 7,
      userId: 'u1',
      username: 'ada',
      acquiredAt: Date.parse('2026-11-24T01:00:00.000Z'),
      expiresAt: Date.parse(EXPIRES),
    });
    const call = h.appCalls()[0];
    expect(call?.body).toEqual({ duration: 5 });
    expect(call?.headers['x-csrf-token']).toBe('c1');
    expect(call?.headers.authorization).toBe('Bearer tok');
  });

  it('sends taking, extending and releasing a lock each in a trace of its own; status reads in none', async () => {
    const h = harness({
      'POST /boards/0/7/lock': [json(200, { success: true, lock: serverLock })],
      'PUT /boards/0/7/lock': [
        json(200, { success: true, message: 'Lock extended by 5 minutes', lock: serverLock }),
      ],
      'DELETE /boards/0/7/lock': [json(200, { success: true })],
      'GET /boards/0/7/status': [json(200, { success: true, data: { isLocked: false } })],
    });
    await h.locks.acquire(0, 7);
    await h.locks.extend(0, 7);
    await h.locks.release(0, 7, true);
    await h.locks.status(0, 7);
    const [acquire, extend, release, status] = h.appCalls().map((c) => c.headers.traceparent);
    const traceIds = [acquire, extend, release].map((t) => TRACEPARENT_PATTERN.exec(t ?? '')?.[1]);
    expect(traceIds.every((id) => id !== undefined)).toBe(true);
    expect(new Set(traceIds).size).toBe(3);
    expect(status).toBeUndefined();
  });

  it('maps a 409 existing_lock to the spec message with existingLock', async () => {
    const err = await acquireRefused(409, {
      error: 'LOCK_CONFLICT',
      type: 'existing_lock',
      message: 'x',
      existingLock: { boardIndex: 3, canvasIndex: 0 },
    });
    expect(err).toBeInstanceOf(LockError);
    expect(err).toMatchObject({
      kind: 'existing_lock',
      existingLock: { boardIndex: 3, canvasIndex: 0 },
      message: 'You already have board 3 locked on canvas 0. Please release it first.',
    });
  });

  it('maps a 409 held by someone else to "Board {n} is locked by {user} until {time}"', async () => {
    const err = (await acquireRefused(409, {
      error: 'LOCK_CONFLICT',
      type: 'locked_by_other',
      message: 'locked',
      lock: holder,
    })) as LockError;
    expect(err.kind).toBe('locked_by_other');
    // The server's ISO time is said in the visitor's local time, as everywhere the app names an expiry.
    expect(err.message).toBe(`Board 7 is locked by bob until ${lockTime(Date.parse(EXPIRES))}`);
  });

  it('any other failure is "Failed to acquire lock. Please try again."', async () => {
    expect(await acquireRefused(400, { message: 'bad' })).toMatchObject({
      kind: 'failed',
      message: 'Failed to acquire lock. Please try again.',
    });
  });

  it('releases with DELETE ?explicit=true and extends with PUT {duration: 5}', async () => {
    const h = harness({
      'DELETE /boards/0/7/lock': [json(200, { success: true })],
      'PUT /boards/0/7/lock': [
        json(200, { success: true, message: 'Lock extended by 5 minutes', lock: serverLock }),
      ],
    });
    await h.locks.release(0, 7, true);
    await expect(h.locks.extend(0, 7)).resolves.toBe(Date.parse(EXPIRES));
    expect(h.appCalls().map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /boards/0/7/lock?explicit=true',
      'PUT /boards/0/7/lock',
    ]);
    expect(h.appCalls()[1]?.body).toEqual({ duration: 5 });
  });

  it('a failed extend is "Failed to extend lock"', async () => {
    const h = harness({ 'PUT /boards/0/7/lock': [json(404, { success: false, message: 'no lock' })] });
    await expect(h.locks.extend(0, 7)).rejects.toMatchObject({ message: 'Failed to extend lock' });
  });

  it('reads the lock status, the lists and the current lock', async () => {
    const h = harness({
      'GET /boards/0/7/status': [
        json(200, {
          success: true,
          data: {
            isLocked: true,
            canLock: false,
            uiBoardIndex: 7,
            canvasIndex: 0,
            lock: holder,
          },
        }),
      ],
      'GET /boards/locks': [json(200, { success: true, data: [serverLock, { junk: true }] })],
      'GET /boards/my-locks': [json(200, { success: true, data: [serverLock] })],
      'GET /boards/my-current-lock': [
        json(200, {
          success: true,
          hasLock: true,
          lock: { canvasIndex: 0, boardIndex: 7, expiresAt: EXPIRES },
        }),
      ],
    });
    const status = await h.locks.status(0, 7);
    expect(status).toMatchObject({ isLocked: true, canLock: false, lock: { userId: 'u2', username: 'bob' } });
    expect(await h.locks.allLocks()).toHaveLength(1);
    expect((await h.locks.myLocks())[0]?.boardIndex).toBe(7);
    expect(await h.locks.myCurrentLock()).toMatchObject({ boardIndex: 7, expiresAt: Date.parse(EXPIRES) });
  });

  it('validates ownership with GET /boards/{c}/{b}/validate', async () => {
    const h = harness({
      'GET /boards/0/7/validate': [
        json(200, { success: true, valid: true }),
        json(200, { success: true, valid: false }),
      ],
    });
    expect(await h.locks.validate(0, 7)).toBe(true);
    expect(await h.locks.validate(0, 7)).toBe(false);
  });

  it('a free board and an empty current lock', async () => {
    const h = harness({
      'GET /boards/my-current-lock': [json(200, { success: true, hasLock: false, lock: null })],
    });
    expect(await h.locks.myCurrentLock()).toBeNull();
    expect(readLockStatus({ success: true, data: { isLocked: false, canLock: true } }, 0, 1)).toEqual({
      isLocked: false,
      canLock: true,
      canvasIndex: 0,
      boardIndex: 1,
      lock: null,
    });
    expect(readLockStatus('garbage', 0, 1).isLocked).toBe(false);
  });
});

describe('lockHeldByOther', () => {
  const holder = (userId: string | null): LockStatus => ({
    isLocked: true,
    canLock: false,
    canvasIndex: 0,
    boardIndex: 7,
    lock: { canvasIndex: 0, boardIndex: 7, userId, username: 'bob', acquiredAt: 1, expiresAt: 2 },
  });

  it("is someone else's lock: another id, or an id that cannot be compared", () => {
    expect(lockHeldByOther(holder('u2'), 'u1')).toMatchObject({ userId: 'u2' });
    // Without the holder's id or without mine, nothing shows it is mine.
    expect(lockHeldByOther(holder(null), 'u1')).toMatchObject({ userId: null });
    expect(lockHeldByOther(holder('u2'), null)).toMatchObject({ userId: 'u2' });
    expect(lockHeldByOther(holder(null), null)).toMatchObject({ userId: null });
  });

  it('is null for my lock, a free board and a failed check', () => {
    expect(lockHeldByOther(holder('u1'), 'u1')).toBeNull();
    expect(lockHeldByOther({ ...holder('u2'), isLocked: false, lock: null }, 'u1')).toBeNull();
    expect(lockHeldByOther({ ...holder('u2'), isLocked: false }, 'u1')).toBeNull();
    expect(lockHeldByOther(null, 'u1')).toBeNull();
  });
});
