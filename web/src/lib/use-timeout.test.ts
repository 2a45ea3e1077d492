import { describe, expect, it } from 'vitest';
import { scheduleTimeout } from './use-timeout.js';

function fakeClock() {
  let next = 1;
  const pending = new Map<number, { fn: () => void; ms: number }>();
  return {
    pending,
    setTimeout: (fn: () => void, ms: number) => {
      pending.set(next, { fn, ms });
      return next++;
    },
    clearTimeout: (handle: unknown) => void pending.delete(handle as number),
    fire: () => {
      for (const [id, t] of [...pending]) {
        pending.delete(id);
        t.fn();
      }
    },
  };
}

describe('scheduleTimeout', () => {
  it('runs once after the delay', () => {
    const clock = fakeClock();
    let runs = 0;
    scheduleTimeout(() => runs++, 1500, clock);
    expect([...clock.pending.values()].map((t) => t.ms)).toEqual([1500]);
    clock.fire();
    expect(runs).toBe(1);
  });

  it('schedules nothing without a delay', () => {
    const clock = fakeClock();
    expect(scheduleTimeout(() => undefined, null, clock)).toBeUndefined();
    expect(clock.pending.size).toBe(0);
  });

  it('never runs once cancelled (a change of its inputs, or the component gone)', () => {
    const clock = fakeClock();
    let runs = 0;
    const cancel = scheduleTimeout(() => runs++, 2000, clock);
    cancel?.();
    clock.fire();
    expect(runs).toBe(0);
  });
});
