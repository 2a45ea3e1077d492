/**
 * The board-lock routes' answers held to the HTTP contract (@tessera/api/locks): a real BFF on port
 * 0 in front of the real lock service (in-process store and bus) and an identity double. Every
 * answer is parsed with the contract's schema, so an answer that drifts from it fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus, createMemoryKeyValueStore } from '@tessera/embedded';
import type { RpcServer } from '@tessera/kit';
import { startTestRpcServer, testLogger } from '@tessera/kit/testing';
import { createLock, type Lock } from '@tessera/lock/testing';
import {
  CurrentLockAnswer,
  ExistingLockConflict,
  HeldLockConflict,
  LockList,
  LockReleased,
  LockStatusAnswer,
  LockTaken,
  LockValidation,
} from '@tessera/api/locks';
import { startBff, type RunningBff } from '../auth/test/app.js';
import { Browser } from '../auth/test/browser.js';
import { startIdentityDouble, type IdentityDouble } from '../auth/test/identity-double.js';
import { expectContract } from '../test/contract.js';

const bus = createInProcessBus();
let lock: Lock;
let lockServer: RpcServer;
let identity: IdentityDouble;
let bff: RunningBff;
let browser: Browser;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  const logger = testLogger('lock');
  lock = createLock({ kv: createMemoryKeyValueStore(), bus, logger, sweeper: { everyMs: 3_600_000 } });
  lockServer = await startTestRpcServer({
    name: 'lock',
    logger,
    routes: lock.routes,
    services: lock.services,
  });
  identity = await startIdentityDouble();
  bff = await startBff({ lock: lockServer.url, identity: identity.url });
  browser = new Browser(bff.base);
  for (const id of ['u1', 'u2']) tokens[id] = await identity.sign(id);
}, 60_000);
afterAll(async () => {
  await bff?.close();
  await identity?.close();
  await lockServer?.close(0);
  await lock?.close();
  await bus.close();
});

async function call(user: string, method: string, path: string, body?: unknown) {
  const res = await browser.request(method, path, {
    body,
    headers: { authorization: `Bearer ${tokens[user]}` },
  });
  return { status: res.status, body: res.body as unknown };
}

describe('board locks: the answers are the contract', () => {
  it('acquire, status, lists, current lock, validate, extend and release', async () => {
    const taken = await call('u1', 'POST', '/api/boards/0/7/lock', { duration: 5 });
    expect(taken.status).toBe(200);
    const { lock: held } = expectContract(LockTaken, taken.body);
    expect(held).toMatchObject({ ui_board_index: 7, boardIndex: 7, user_id: 'u1', is_active: true });
    expect(held.expiresAt).toBe(held.expires_at);

    const status = expectContract(LockStatusAnswer, (await call('u2', 'GET', '/api/boards/0/7/status')).body);
    expect(status.data).toMatchObject({ isLocked: true, canLock: false, lock: { userId: 'u1' } });
    expectContract(LockList, (await call('u1', 'GET', '/api/boards/my-locks')).body);
    expect(expectContract(LockList, (await call('u1', 'GET', '/api/boards/locks')).body).data).toHaveLength(
      1,
    );
    const current = expectContract(
      CurrentLockAnswer,
      (await call('u1', 'GET', '/api/boards/my-current-lock')).body,
    );
    expect(current).toMatchObject({ hasLock: true, lock: { canvasIndex: 0, boardIndex: 7 } });
    const valid = await call('u1', 'GET', `/api/boards/0/7/validate?fencingToken=${held.fencingToken}`);
    expect(expectContract(LockValidation, valid.body).valid).toBe(true);

    const extended = await call('u1', 'PUT', '/api/boards/0/7/lock', {});
    expect(expectContract(LockTaken, extended.body).message).toBe('Lock extended by 5 minutes');

    const mine = await call('u1', 'POST', '/api/boards/0/8/lock', {});
    expect(mine.status).toBe(409);
    expect(expectContract(ExistingLockConflict, mine.body).existingLock).toEqual({
      boardIndex: 7,
      canvasIndex: 0,
    });
    const other = await call('u2', 'POST', '/api/boards/0/7/lock', {});
    expect(other.status).toBe(409);
    expect(expectContract(HeldLockConflict, other.body).lock).toMatchObject({ userId: 'u1' });

    const released = await call('u1', 'DELETE', '/api/boards/0/7/lock?explicit=true');
    expect(expectContract(LockReleased, released.body)).toMatchObject({ released: true });
    const none = expectContract(
      CurrentLockAnswer,
      (await call('u1', 'GET', '/api/boards/my-current-lock')).body,
    );
    expect(none).toEqual({ success: true, hasLock: false, lock: null });
  });
});
