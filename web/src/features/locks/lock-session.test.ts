// Lock session: acquisition checks, timers (1 s tick, 5 s poll, 2 s x 5 after extend, 60 s warning),
// expiry and loss, restore, server events. Fake timers drive the clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardLock, LockApi, LockStatus } from './lock-api.js';
import { LockError } from './lock-api.js';
import { lockTime } from './lock-messages.js';
import { browserClock } from '../../lib/clock.js';
import { LockSession, type LockSessionEvent } from './lock-session.js';

const T0 = Date.parse('2026-11-24T01:00:00.000Z');
const MIN = 60_000;

function lockOf(over: Partial<BoardLock> = {}): BoardLock {
  return {
    canvasIndex: 0,
    boardIndex: 7,
    userId: 'me',
    username: 'ada',
    acquiredAt: T0,
    expiresAt: T0 + 5 * MIN,
    ...over,
  };
}

function statusOf(lock: BoardLock | null): LockStatus {
  return { isLocked: lock !== null, canLock: lock === null, canvasIndex: 0, boardIndex: 7, lock };
}

function setup(api: Partial<LockApi> = {}) {
  let server: BoardLock | null = null;
  const fake: LockApi = {
    acquire: vi.fn(async (canvasIndex: number, boardIndex: number) => {
      server = lockOf({ canvasIndex, boardIndex, expiresAt: Date.now() + 5 * MIN });
      return server;
    }),
    release: vi.fn(async () => {
      server = null;
    }),
    extend: vi.fn(async () => {
      server = lockOf({ expiresAt: (server?.expiresAt ?? Date.now()) + 5 * MIN });
      return server.expiresAt;
    }),
    status: vi.fn(async (_c: number, b: number) => statusOf(server?.boardIndex === b ? server : null)),
    validate: vi.fn(async (_c: number, b: number) => server?.boardIndex === b && server.userId === 'me'),
    myLocks: vi.fn(async () => (server ? [server] : [])),
    allLocks: vi.fn(async () => (server ? [server] : [])),
    myCurrentLock: vi.fn(async () => server),
    ...api,
  };
  const notes: string[] = [];
  const note = (kind: string) => (m: string) => void notes.push(`${kind}: ${m}`);
  const session = new LockSession({
    api: fake,
    userId: () => 'me',
    clock: browserClock,
    notify: { success: note('success'), error: note('error'), warning: note('warning'), info: note('info') },
  });
  const events: LockSessionEvent[] = [];
  session.onEvent((e) => events.push(e));
  return {
    session,
    api: fake,
    notes,
    events,
    setServer: (l: BoardLock | null) => {
      server = l;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('acquire', () => {
  it('checks current lock and status, acquires, validates and says "Board locked successfully"', async () => {
    const s = setup();
    const result = await s.session.acquire(0, 7);
    expect(result.ok).toBe(true);
    expect(s.session.holds(0, 7)).toBe(true);
    expect(s.notes).toEqual(['success: Board locked successfully']);
    expect(vi.mocked(s.api.myCurrentLock)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(s.api.status)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(s.api.validate)).toHaveBeenCalledWith(0, 7); // the ownership validation
  });

  it('refuses when the user already holds another board', async () => {
    const s = setup();
    s.setServer(lockOf({ boardIndex: 3 }));
    const result = await s.session.acquire(0, 7);
    expect(result.ok).toBe(false);
    expect(s.notes).toEqual(['error: You already have Board 3 locked. Release it first.']);
    expect(s.api.acquire).not.toHaveBeenCalled();
  });

  it('refuses with the holder when someone else holds the board', async () => {
    const other = lockOf({ userId: 'u2', username: 'bob' });
    const s = setup({ myCurrentLock: vi.fn(async () => null), status: vi.fn(async () => statusOf(other)) });
    const result = await s.session.acquire(0, 7);
    expect(result).toMatchObject({
      ok: false,
      holder: { username: 'bob' },
      error: { kind: 'locked_by_other' },
    });
    expect(s.notes[0]).toBe(`error: Board is locked by bob until ${lockTime(other.expiresAt)}`);
    expect(s.api.acquire).not.toHaveBeenCalled();
  });

  it('a 409 from someone else refuses with their lock as the holder, never mine', async () => {
    const other = lockOf({ userId: 'u2', username: 'bob' });
    const status = vi.fn(async () => statusOf(null));
    const s = setup({
      myCurrentLock: vi.fn(async () => null),
      status,
      acquire: vi.fn(async () => {
        status.mockImplementation(async () => statusOf(other)); // taken between the check and the call
        throw new LockError('locked_by_other', 'Board 7 is locked by bob until later');
      }),
    });
    expect(await s.session.acquire(0, 7)).toMatchObject({ ok: false, holder: { userId: 'u2' } });
    status.mockImplementation(async () => statusOf(lockOf({ userId: 'me' })));
    const s2 = setup({
      myCurrentLock: vi.fn(async () => null),
      acquire: vi.fn(async () => {
        throw new LockError('locked_by_other', 'x');
      }),
      status,
    });
    expect(await s2.session.acquire(0, 7)).toMatchObject({ ok: false, holder: null });
  });

  it('releases and refuses when ownership cannot be validated', async () => {
    const s = setup({ validate: vi.fn(async () => false) });
    const result = await s.session.acquire(0, 7);
    expect(result.ok).toBe(false);
    expect(s.notes).toEqual(['error: Failed to validate lock ownership. Please try again.']);
    expect(s.api.release).toHaveBeenCalledWith(0, 7);
    expect(s.session.getSnapshot().held).toBeNull();
  });

  it('passes on the server 409 message', async () => {
    const s = setup({
      acquire: vi.fn(async () => {
        throw new LockError(
          'existing_lock',
          'You already have board 3 locked on canvas 0. Please release it first.',
        );
      }),
    });
    await s.session.acquire(0, 7);
    expect(s.notes).toEqual(['error: You already have board 3 locked on canvas 0. Please release it first.']);
  });

  it('acquiring another board first releases the one held here', async () => {
    const s = setup();
    await s.session.acquire(0, 7);
    await s.session.acquire(0, 8);
    expect(s.api.release).toHaveBeenCalledWith(0, 7);
    expect(s.session.holds(0, 8)).toBe(true);
  });
});

describe('timers', () => {
  it('ticks every second, warns once at 60 s and expires at 0 with an expired event', async () => {
    const s = setup();
    await s.session.acquire(0, 7);
    vi.advanceTimersByTime(1000);
    expect(s.session.remainingMs()).toBe(5 * MIN - 1000);
    await vi.advanceTimersByTimeAsync(4 * MIN - 1000);
    expect(s.events.map((e) => e.type)).toEqual(['warning']);
    s.setServer(lockOf({ expiresAt: T0 + 5 * MIN })); // the server agrees; polls change nothing
    await vi.advanceTimersByTimeAsync(MIN);
    expect(s.events.map((e) => e.type)).toEqual(['warning', 'expired']);
    expect(s.session.getSnapshot().held).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('polls the status every 5 s: a later server expiry is taken, a lost lock expires', async () => {
    const s = setup();
    await s.session.acquire(0, 7);
    const calls = vi.mocked(s.api.status).mock.calls.length;
    s.setServer(lockOf({ expiresAt: T0 + 9 * MIN }));
    await vi.advanceTimersByTimeAsync(5000);
    expect(vi.mocked(s.api.status).mock.calls.length).toBe(calls + 1);
    expect(s.session.getSnapshot().held?.expiresAt).toBe(T0 + 9 * MIN);
    s.setServer(lockOf({ userId: 'u2' }));
    await vi.advanceTimersByTimeAsync(5000);
    expect(s.events.map((e) => e.type)).toEqual(['expired']);
  });

  it('a status poll whose lock names no holder counts as lost (it cannot be shown to be mine)', async () => {
    const s = setup();
    await s.session.acquire(0, 7);
    s.setServer(lockOf({ userId: null }));
    await vi.advanceTimersByTimeAsync(5000);
    expect(s.events.map((e) => e.type)).toEqual(['expired']);
  });

  it('after an extend polls every 2 s, at most 5 times, until a later expiry is seen', async () => {
    const s = setup({
      extend: vi.fn(async () => T0 + 10 * MIN),
    });
    await s.session.acquire(0, 7);
    vi.mocked(s.api.status).mockClear();
    // The server does not show the later expiry yet: 5 polls 2 s apart, then no more.
    vi.mocked(s.api.status).mockImplementation(async () => statusOf(lockOf({ expiresAt: T0 + 5 * MIN })));
    expect(await s.session.extend()).toBe(true);
    expect(s.notes).toContain('success: Lock extended by 5 minutes');
    expect(s.session.getSnapshot().held?.expiresAt).toBe(T0 + 10 * MIN);
    await vi.advanceTimersByTimeAsync(4999); // no 5 s poll yet: only the 2 s ones at 2 and 4 s
    expect(vi.mocked(s.api.status)).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(20_000);
    const extendPolls = vi.mocked(s.api.status).mock.calls.length - Math.floor(24_999 / 5000);
    expect(extendPolls).toBe(5);
  });

  it('an extend poll that sees the later expiry stops', async () => {
    const s = setup();
    await s.session.acquire(0, 7);
    await s.session.extend();
    vi.mocked(s.api.status).mockClear();
    await vi.advanceTimersByTimeAsync(4000);
    expect(vi.mocked(s.api.status)).toHaveBeenCalledTimes(1); // the 2 s poll saw it; none at 4 s
  });

  it('a failed extend says "Failed to extend lock"', async () => {
    const s = setup({
      extend: vi.fn(async () => {
        throw new LockError('failed', 'Failed to extend lock');
      }),
    });
    await s.session.acquire(0, 7);
    expect(await s.session.extend()).toBe(false);
    expect(s.notes).toContain('error: Failed to extend lock');
  });
});

describe('release, restore, server events', () => {
  it('explicit release calls DELETE with explicit and says "Lock released"', async () => {
    const s = setup();
    await s.session.acquire(0, 7);
    await s.session.release(true);
    expect(s.api.release).toHaveBeenCalledWith(0, 7, true);
    expect(s.notes).toContain('info: Lock released');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('restores the latest acquired of my locks', async () => {
    const s = setup({
      myLocks: vi.fn(async () => [
        lockOf({ boardIndex: 2, acquiredAt: T0 - 2000 }),
        lockOf({ boardIndex: 9, acquiredAt: T0 - 1000 }),
        lockOf({ boardIndex: 4, acquiredAt: T0, expiresAt: T0 - 1 }),
      ]),
    });
    await s.session.restore();
    expect(s.session.getSnapshot().held?.boardIndex).toBe(9);
  });

  it('lock:expired for my board expires it; other boards and bad data are ignored', async () => {
    const s = setup();
    await s.session.acquire(0, 7);
    s.session.handleServerEvent(
      'lock:expired',
      JSON.stringify({ canvasIndex: 0, boardIndex: 8, userId: 'me' }),
    );
    s.session.handleServerEvent('lock:expired', '{not json');
    expect(s.events).toEqual([]);
    // A release of an earlier lock of this board (sent before this one was acquired) is stale.
    s.session.handleServerEvent(
      'lock:released',
      JSON.stringify({ canvasIndex: 0, boardIndex: 7, userId: 'me', at: T0 - 1 }),
    );
    expect(s.events).toEqual([]);
    expect(
      s.session.handleServerEvent(
        'lock:expired',
        JSON.stringify({ canvasIndex: 0, boardIndex: 7, userId: 'me', at: T0 + 1 }),
      ),
    ).toEqual({ canvasIndex: 0, boardIndex: 7, userId: 'me', at: T0 + 1 });
    expect(s.events.map((e) => e.type)).toEqual(['expired']);
  });

  it("someone else's lock:acquired of my board ends my lock; an unknown event name does nothing", async () => {
    const s = setup();
    await s.session.acquire(0, 7);
    const data = JSON.stringify({ canvasIndex: 0, boardIndex: 7, userId: 'u2', at: T0 + 1 });
    s.session.handleServerEvent('lock:restored', data);
    s.session.handleServerEvent('pixels', data);
    expect(s.events).toEqual([]);
    s.session.handleServerEvent('lock:acquired', data);
    expect(s.events.map((e) => e.type)).toEqual(['expired']);
  });
});
