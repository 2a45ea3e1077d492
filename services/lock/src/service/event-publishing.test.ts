/**
 * A lock change answers without waiting for its event to be stored: the event is queued on the
 * bus at once (in order) and stored meanwhile. Only while UNCONFIRMED_EVENTS_LIMIT events are on
 * their way does a change wait for its own, so a slow or absent broker cannot grow the queue.
 */
import { type EventBus } from '@tessera/kit';
import { testLogger } from '@tessera/kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createLock, type Lock } from '../setup.js';
import { UNCONFIRMED_EVENTS_LIMIT } from './lock-service.js';
import { createInProcessBus, MemoryKeyValueStore } from '@tessera/embedded';

/** A bus whose publishes are recorded in call order and stored only when `storeAll()` is called. */
function heldBus(): EventBus & { subjects: string[]; storeAll(): void } {
  const inner = createInProcessBus();
  const held: (() => void)[] = [];
  const subjects: string[] = [];
  return {
    subjects,
    storeAll: () => held.splice(0).forEach((store) => store()),
    publish: (subject, data, options) => {
      subjects.push(subject);
      return new Promise((resolve, reject) =>
        held.push(() => inner.publish(subject, data, options).then(resolve, reject)),
      );
    },
    consume: (o) => inner.consume(o),
    subscribe: (o) => inner.subscribe(o),
    lastSeq: () => inner.lastSeq(),
    close: () => inner.close(),
  };
}

let lock: Lock | undefined;
afterEach(async () => {
  await lock?.close();
  lock = undefined;
});

describe('lock events', () => {
  it('are queued in order while the calls answer, before the broker has stored them', async () => {
    const bus = heldBus();
    lock = createLock({ kv: new MemoryKeyValueStore(), bus, logger: testLogger('lock') });
    const board = { canvasIndex: 0, boardIndex: 3, userId: 'u1', username: 'ann' };
    const taken = await lock.core.acquire(board);
    expect('lock' in taken).toBe(true);
    expect(await lock.core.release(board)).toBe(true);
    expect(bus.subjects).toEqual(['tessera.lock.acquired', 'tessera.lock.released']);
    expect(lock.core.unconfirmedEvents).toBe(2);
    bus.storeAll();
    await expect.poll(() => lock!.core.unconfirmedEvents).toBe(0);
  });

  it(`make a change wait for its own event once ${UNCONFIRMED_EVENTS_LIMIT} are on their way`, async () => {
    const bus = heldBus();
    lock = createLock({ kv: new MemoryKeyValueStore(), bus, logger: testLogger('lock') });
    const board = { canvasIndex: 0, boardIndex: 1, userId: 'u1', username: 'ann' };
    for (let i = 0; i < UNCONFIRMED_EVENTS_LIMIT / 2; i++) {
      expect('lock' in (await lock.core.acquire(board))).toBe(true);
      expect(await lock.core.release(board)).toBe(true);
    }
    expect(lock.core.unconfirmedEvents).toBe(UNCONFIRMED_EVENTS_LIMIT);
    let answered = false;
    const call = lock.core.acquire(board).then((r) => ((answered = true), r));
    // its event is handed to the bus; the call must not answer while the event is not stored
    await expect.poll(() => bus.subjects.length).toBe(UNCONFIRMED_EVENTS_LIMIT + 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    bus.storeAll();
    expect('lock' in (await call)).toBe(true);
    bus.storeAll();
    await expect.poll(() => lock!.core.unconfirmedEvents).toBe(0);
  });
});
