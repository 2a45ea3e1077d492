/** The bounded hashing queue: refuses at once when full, and one source cannot take every place. */
import { describe, expect, it } from 'vitest';
import { ConnectError } from '@connectrpc/connect';
import { HashGate } from './hash-gate.js';

function held(): { promise: Promise<string>; release: () => void } {
  let release!: () => void;
  const promise = new Promise<string>((r) => (release = () => r('done')));
  return { promise, release };
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'accepted';
  } catch (err) {
    return err instanceof ConnectError ? err.message : String(err);
  }
}

describe('HashGate', () => {
  it('runs at most `running` at once, queues `waiting`, refuses the rest at once', async () => {
    const gate = new HashGate({ running: 2, waiting: 2, perSource: 10, maxWaitMs: 60_000, budgetMs: 60_000 });
    const work = Array.from({ length: 4 }, () => held());
    let started = 0;
    const runs = work.map((w, i) =>
      gate.run(`s${i}`, () => {
        started++;
        return w.promise;
      }),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toBe(2);
    expect(gate.load()).toEqual({ active: 2, waiting: 2 });
    expect(await refusal(gate.run('s9', () => Promise.resolve('x')))).toMatch(/busy/);
    for (const w of work) w.release();
    expect(await Promise.all(runs)).toEqual(['done', 'done', 'done', 'done']);
    expect(gate.load()).toEqual({ active: 0, waiting: 0 });
    expect(await gate.run('s9', () => Promise.resolve('x'))).toBe('x');
  });

  it('leaves places for other sources when one source bursts', async () => {
    const gate = new HashGate({ running: 1, waiting: 5, perSource: 2, maxWaitMs: 60_000, budgetMs: 60_000 });
    const w = held();
    const mine = [gate.run('attacker', () => w.promise), gate.run('attacker', () => w.promise)];
    expect(await refusal(gate.run('attacker', () => Promise.resolve('x')))).toMatch(/busy/);
    const owner = gate.run('owner', () => Promise.resolve('owner ok'));
    w.release();
    expect(await owner).toBe('owner ok');
    await Promise.all(mine);
  });

  it('refuses a waiter whose turn comes after maxWaitMs instead of starting its work', async () => {
    let clock = 0;
    const gate = new HashGate(
      { running: 1, waiting: 5, perSource: 5, maxWaitMs: 3000, budgetMs: 60_000 },
      () => clock,
    );
    const w = held();
    const first = gate.run('a', () => w.promise);
    let ran = false;
    const late = refusal(
      gate.run('b', () => {
        ran = true;
        return Promise.resolve('x');
      }),
    );
    clock = 3001;
    w.release();
    await first;
    expect(await late).toMatch(/busy/);
    expect(ran).toBe(false);
    expect(gate.load()).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses at once when the measured hash time says the work would not finish within the budget', async () => {
    let clock = 0;
    const gate = new HashGate(
      { running: 1, waiting: 5, perSource: 5, maxWaitMs: 60_000, budgetMs: 7000 },
      () => clock,
    );
    await gate.run('a', async () => {
      clock += 4000; // a hash took 4 s
      return 'x';
    });
    const w = held();
    const running = gate.run('a', () => w.promise);
    // one running: this one would wait about 4 s and work about 4 s, past the 7 s budget
    expect(await refusal(gate.run('b', () => Promise.resolve('x')))).toMatch(/busy/);
    w.release();
    await running;
    expect(await gate.run('b', () => Promise.resolve('ok'))).toBe('ok');
  });
});
