/** The one bounded-work gate: places, the waiting line, cost, per-source shares, stale waits, the budget. */
import { describe, expect, it } from 'vitest';
import { Code, ConnectError } from '@connectrpc/connect';
import { AdmissionGate, type AdmissionLimits } from './admission-gate.js';

const BUSY = 'busy, try again';

function gate(limits: AdmissionLimits, now?: () => number) {
  return new AdmissionGate(limits, { busyMessage: BUSY, now });
}

/** Work that finishes when released. */
function held(): { promise: Promise<string>; release: () => void } {
  let release!: () => void;
  const promise = new Promise<string>((r) => (release = () => r('done')));
  return { promise, release };
}

/** 'accepted', or the refusal's message. */
async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'accepted';
  } catch (err) {
    expect(err).toBeInstanceOf(ConnectError);
    expect((err as ConnectError).code).toBe(Code.Unavailable);
    return (err as ConnectError).rawMessage;
  }
}

const turn = () => new Promise((r) => setImmediate(r));

describe('AdmissionGate', () => {
  it('runs at most `running` at once, queues `waiting`, refuses the rest at once', async () => {
    const g = gate({ running: 2, waiting: 2 });
    const work = Array.from({ length: 4 }, () => held());
    let started = 0;
    const runs = work.map((w) =>
      g.run(() => {
        started++;
        return w.promise;
      }),
    );
    await turn();
    expect(started).toBe(2);
    expect(g.load()).toEqual({ running: 2, waiting: 2 });
    expect(await outcome(g.run(() => Promise.resolve('x')))).toBe(BUSY);
    expect(g.shed).toBe(1);
    for (const w of work) w.release();
    expect(await Promise.all(runs)).toEqual(['done', 'done', 'done', 'done']);
    expect(g.peakRunning).toBe(2);
    expect(g.load()).toEqual({ running: 0, waiting: 0 });
    expect(await g.run(() => Promise.resolve('x'))).toBe('x');
  });

  it('hands places over first come, first served, one at a time with running: 1', async () => {
    const g = gate({ running: 1, waiting: 3 });
    let now = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const task = (i: number) =>
      g.run(async () => {
        order.push(i);
        most = Math.max(most, ++now);
        await new Promise<void>((r) => releases.push(r));
        now--;
      });
    const running = [0, 1, 2, 3].map(task);
    expect(await outcome(task(4))).toBe(BUSY);
    for (let i = 0; i < 4; i++) {
      await turn();
      expect(releases).toHaveLength(1);
      releases.shift()!();
    }
    await Promise.all(running);
    expect(most).toBe(1);
    expect(order).toEqual([0, 1, 2, 3]);
  });

  it('refuses every caller beyond the running ones with waiting: 0', async () => {
    const g = gate({ running: 1, waiting: 0 });
    const w = held();
    const first = g.run(() => w.promise);
    expect(await outcome(g.run(() => Promise.resolve('x')))).toBe(BUSY);
    w.release();
    expect(await first).toBe('done');
  });

  it('admits by cost: two works whose costs exceed maxCost run one after the other', async () => {
    const g = gate({ running: 2, waiting: 5, maxCost: 100 });
    const a = held();
    const b = held();
    const first = g.run(() => a.promise, { cost: 80 });
    const second = g.run(() => b.promise, { cost: 80 });
    await turn();
    expect(g.load()).toEqual({ running: 1, waiting: 1 });
    a.release();
    await first;
    await turn();
    expect(g.load()).toEqual({ running: 1, waiting: 0 });
    b.release();
    await second;
    const small = [held(), held()];
    const both = small.map((w) => g.run(() => w.promise, { cost: 40 }));
    await turn();
    expect(g.load()).toEqual({ running: 2, waiting: 0 });
    for (const w of small) w.release();
    await Promise.all(both);
  });

  it('lets one work through however costly, so nothing waits forever', async () => {
    const g = gate({ running: 2, waiting: 1, maxCost: 10 });
    expect(await g.run(() => Promise.resolve('big'), { cost: 1000 })).toBe('big');
  });

  it('keeps the line in order: a cheap caller does not overtake a costly one waiting', async () => {
    const g = gate({ running: 2, waiting: 5, maxCost: 100 });
    const a = held();
    const order: string[] = [];
    const first = g.run(() => a.promise, { cost: 60 });
    const costly = g.run(async () => void order.push('costly'), { cost: 60 });
    const cheap = g.run(async () => void order.push('cheap'), { cost: 10 });
    await turn();
    expect(order).toEqual([]);
    a.release();
    await Promise.all([first, costly, cheap]);
    expect(order).toEqual(['costly', 'cheap']);
  });

  it('leaves places for other sources when one source bursts', async () => {
    const g = gate({ running: 1, waiting: 5, perSource: 2 });
    const w = held();
    const mine = [
      g.run(() => w.promise, { source: 'attacker' }),
      g.run(() => w.promise, { source: 'attacker' }),
    ];
    expect(await outcome(g.run(() => Promise.resolve('x'), { source: 'attacker' }))).toBe(BUSY);
    // a call with no source has only the global bounds
    const anonymous = g.run(() => Promise.resolve('anonymous ok'));
    const owner = g.run(() => Promise.resolve('owner ok'), { source: 'owner' });
    w.release();
    expect(await owner).toBe('owner ok');
    expect(await anonymous).toBe('anonymous ok');
    await Promise.all(mine);
    // the source's places are given back when its works end
    expect(await g.run(() => Promise.resolve('again'), { source: 'attacker' })).toBe('again');
  });

  it('runs at most perSourceRunning of one source; its waiters let other sources pass', async () => {
    const g = gate({ running: 2, waiting: 4, perSource: 2, perSourceRunning: 1 });
    const a1 = held();
    const a2 = held();
    const started: string[] = [];
    const work = (name: string, w: { promise: Promise<string> }) => () => {
      started.push(name);
      return w.promise;
    };
    const first = g.run(work('a1', a1), { source: 'attacker' });
    // the attacker's second call waits although a place is free: one of its works runs already
    const second = g.run(work('a2', a2), { source: 'attacker' });
    expect(started).toEqual(['a1']);
    expect(g.load()).toEqual({ running: 1, waiting: 1 });
    // a third is over the attacker's places
    expect(await outcome(g.run(() => Promise.resolve('x'), { source: 'attacker' }))).toBe(BUSY);
    // another source takes the free place at once, passing the attacker's waiter
    expect(await g.run(() => Promise.resolve('owner ok'), { source: 'owner' })).toBe('owner ok');
    expect(started).toEqual(['a1']);
    a1.release();
    await first;
    await turn();
    expect(started).toEqual(['a1', 'a2']);
    a2.release();
    await second;
    expect(g.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('holds a place for each source a call names: an account shared by many addresses gets one share', async () => {
    const g = gate({ running: 2, waiting: 4, perSource: 1 });
    const w = held();
    // an address signing in to an account: both hold the place
    const first = g.run(() => w.promise, { source: ['10.0.0.1', 'account:a'] });
    // the same account from another address is over the account's share; the same address too
    expect(await outcome(g.run(() => Promise.resolve('x'), { source: ['10.0.0.2', 'account:a'] }))).toBe(
      BUSY,
    );
    expect(await outcome(g.run(() => Promise.resolve('x'), { source: ['10.0.0.1', 'account:b'] }))).toBe(
      BUSY,
    );
    // a refused call holds nothing: another address and account still get in
    expect(await g.run(() => Promise.resolve('ok'), { source: ['10.0.0.2', 'account:b', ''] })).toBe('ok');
    w.release();
    await first;
    expect(await g.run(() => Promise.resolve('again'), { source: ['10.0.0.2', 'account:a'] })).toBe('again');
  });

  it('refuses a waiter whose turn comes after maxWaitMs instead of starting its work', async () => {
    let clock = 0;
    const g = gate({ running: 1, waiting: 5, maxWaitMs: 3000 }, () => clock);
    const w = held();
    const first = g.run(() => w.promise);
    let ran = false;
    const late = outcome(
      g.run(() => {
        ran = true;
        return Promise.resolve('x');
      }),
    );
    clock = 3001;
    w.release();
    await first;
    expect(await late).toBe(BUSY);
    expect(ran).toBe(false);
    expect(g.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once when the measured work time says the caller would not finish within the budget', async () => {
    let clock = 0;
    const g = gate({ running: 1, waiting: 5, budgetMs: 7000 }, () => clock);
    await g.run(async () => {
      clock += 4000; // a work took 4 s
      return 'x';
    });
    const w = held();
    const running = g.run(() => w.promise);
    // one running: this caller would wait about 4 s and work about 4 s, past the 7 s budget
    expect(await outcome(g.run(() => Promise.resolve('x')))).toBe(BUSY);
    w.release();
    await running;
    // with a free place it would only work about 4 s
    expect(await g.run(() => Promise.resolve('ok'))).toBe('ok');
  });

  it('gives the place back when the work throws', async () => {
    const g = gate({ running: 1, waiting: 0 });
    await expect(g.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(g.load()).toEqual({ running: 0, waiting: 0 });
    expect(await g.run(() => Promise.resolve('next'))).toBe('next');
  });

  it('refuses limits that would admit nothing', () => {
    expect(() => gate({ running: 0, waiting: 1 })).toThrow(/running/);
    expect(() => gate({ running: 1, waiting: -1 })).toThrow(/waiting/);
  });
});
