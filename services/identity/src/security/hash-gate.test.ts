/**
 * The hashing gate's wiring: every hash and verify goes through the kit's AdmissionGate (its own
 * tests: services/kit/src/load), counted against the caller's source, refused with this service's
 * message. The limits are sized to the cores.
 */
import { describe, expect, it } from 'vitest';
import { ConnectError } from '@connectrpc/connect';
import { BUSY_MESSAGE } from '@tessera/kit';
import type { PasswordHasher } from '../service/ports.js';
import { defaultLimits, gatedHasher, hashGate } from './hash-gate.js';

/** A hasher whose every call waits until released. */
function slowHasher(): { hasher: PasswordHasher; releaseAll: () => void } {
  const waiting: (() => void)[] = [];
  const later = <T>(value: T) => new Promise<T>((r) => waiting.push(() => r(value)));
  return {
    hasher: { hash: (pw) => later(`h:${pw}`), verify: (pw, stored) => later(stored === `h:${pw}`) },
    releaseAll: () => waiting.splice(0).forEach((go) => go()),
  };
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'accepted';
  } catch (err) {
    return err instanceof ConnectError ? err.rawMessage : String(err);
  }
}

describe('the hashing gate', () => {
  it('sizes the places to the cores, with a small per-source share and the time bounds', () => {
    expect(defaultLimits(4)).toEqual({
      running: 4,
      waiting: 16,
      perSource: 2,
      perSourceRunning: 1,
      maxWaitMs: 3000,
      budgetMs: 7000,
    });
    // one source never runs on more than a quarter of the cores (at least one), and holds twice that
    expect(defaultLimits(2)).toMatchObject({ running: 2, waiting: 8, perSource: 2, perSourceRunning: 1 });
    expect(defaultLimits(16)).toMatchObject({ running: 16, waiting: 64, perSource: 8, perSourceRunning: 4 });
    expect(defaultLimits(1)).toMatchObject({ running: 1, waiting: 4, perSource: 2, perSourceRunning: 1 });
  });

  it('counts hashes and verifies against the caller source and refuses with the busy message', async () => {
    const { hasher, releaseAll } = slowHasher();
    const gate = hashGate({
      running: 1,
      waiting: 5,
      perSource: 2,
      perSourceRunning: 2,
      maxWaitMs: 60_000,
      budgetMs: 60_000,
    });
    const gated = gatedHasher(hasher, gate);
    const mine = [gated.hash('a', '10.0.0.1'), gated.verify('a', 'h:a', '10.0.0.1')];
    // the third call of one source is refused at once, whether hash or verify
    expect(await refusal(gated.hash('b', '10.0.0.1'))).toBe(BUSY_MESSAGE);
    expect(await refusal(gated.verify('b', 'h:b', '10.0.0.1'))).toBe(BUSY_MESSAGE);
    // another source, and a call without one, still get a place
    const other = gated.verify('c', 'h:c', '10.0.0.2');
    const anonymous = gated.hash('d');
    expect(gate.load()).toEqual({ running: 1, waiting: 3 });
    for (let i = 0; i < 4; i++) {
      releaseAll();
      await new Promise((r) => setImmediate(r));
    }
    expect(await Promise.all(mine)).toEqual(['h:a', true]);
    expect(await other).toBe(true);
    expect(await anonymous).toBe('h:d');
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });
});
