import { describe, expect, it } from 'vitest';
import { singleTimer } from './single-timer.js';

function fakeClock() {
  let next = 1;
  const pending = new Map<number, () => void>();
  return {
    pending,
    clock: {
      setTimeout: (fn: () => void, _ms: number) => {
        pending.set(next, fn);
        return next++;
      },
      clearTimeout: (handle: unknown) => void pending.delete(handle as number),
    },
    fireAll: () => {
      for (const [id, fn] of [...pending]) {
        pending.delete(id);
        fn();
      }
    },
  };
}

describe('singleTimer', () => {
  it('keeps one pending timeout: starting again replaces it', () => {
    const f = fakeClock();
    const runs: string[] = [];
    const timer = singleTimer({ clock: f.clock });
    timer.start(() => runs.push('first'), 100);
    timer.start(() => runs.push('second'), 100);
    expect(f.pending.size).toBe(1);
    f.fireAll();
    expect(runs).toEqual(['second']);
  });

  it('cancel drops the pending timeout', () => {
    const f = fakeClock();
    let runs = 0;
    const timer = singleTimer({ clock: f.clock });
    timer.start(() => runs++, 100);
    timer.cancel();
    f.fireAll();
    expect(runs).toBe(0);
    timer.cancel(); // nothing pending: no harm
  });
});
