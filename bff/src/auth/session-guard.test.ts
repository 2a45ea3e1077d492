// The session guard alone: events revoke at once, a missed event is caught by the session check
// once its answer is older than checkTtlMs, concurrent askers share one check, and identity being
// unreachable keeps the last answer (or fails when there is none).
import { afterEach, describe, expect, it } from 'vitest';
import { encodeEvent } from '@tessera/facts/events';
import { SUBJECTS } from '@tessera/facts/subjects';
import { eventually, testLogger } from '@tessera/kit/testing';
import { ACCESS_TOKEN_TTL_SEC } from '@tessera/facts/account';
import { REVOKED_MEMORY_MS, SessionGuard } from './session-guard.js';
import { createInProcessBus } from '@tessera/embedded';

const TTL = 30_000;

function guard() {
  let now = 1_000_000;
  const live = new Set(['s1', 's2']);
  let down = false;
  let calls = 0;
  let gate: Promise<void> | null = null;
  const g = new SessionGuard({
    checkSession: async (id) => {
      calls++;
      if (gate) await gate;
      if (down) throw new Error('identity unreachable');
      return live.has(id);
    },
    checkTtlMs: TTL,
    now: () => now,
    logger: testLogger('guard'),
  });
  return {
    g,
    live,
    advance: (ms: number) => (now += ms),
    setDown: (v: boolean) => (down = v),
    calls: () => calls,
    hold: () => {
      let open!: () => void;
      gate = new Promise<void>((r) => (open = r));
      return () => {
        gate = null;
        open();
      };
    },
  };
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

describe('SessionGuard', () => {
  it('asks identity once per checkTtlMs, and a revocation it reports sticks', async () => {
    const t = guard();
    expect(await t.g.isActive('s1')).toBe(true);
    expect(await t.g.isActive('s1')).toBe(true);
    expect(t.calls()).toBe(1);
    t.live.delete('s1'); // revoked, and the event was missed
    t.advance(TTL - 1);
    expect(await t.g.isActive('s1')).toBe(true); // the answer is still trusted
    t.advance(1);
    expect(await t.g.isActive('s1')).toBe(false);
    t.live.add('s1');
    t.advance(TTL);
    expect(await t.g.isActive('s1')).toBe(false); // revoked is final
    expect(await t.g.isActive('unknown')).toBe(false);
  });

  it('a revocation event wins at once, also over a check answered before it', async () => {
    const t = guard();
    expect(await t.g.isActive('s1')).toBe(true);
    t.g.noteRevoked(['s1']);
    expect(await t.g.isActive('s1')).toBe(false);
    const release = t.hold();
    const pending = t.g.isActive('s2'); // identity answers "live" ...
    t.g.noteRevoked(['s2']); // ... but the event arrives while the answer travels
    release();
    expect(await pending).toBe(false);
    expect(await t.g.isActive('s2')).toBe(false);
  });

  it('remembers a revocation for as long as an access token can live, then forgets it', async () => {
    expect(REVOKED_MEMORY_MS).toBeGreaterThan(ACCESS_TOKEN_TTL_SEC * 1000);
    const t = guard();
    t.g.noteRevoked(['s1']); // identity still says live: only the event knows
    t.advance(ACCESS_TOKEN_TTL_SEC * 1000);
    expect(await t.g.isActive('s1')).toBe(false); // a token issued just before could still be shown
    expect(t.calls()).toBe(0);
    t.advance(REVOKED_MEMORY_MS - ACCESS_TOKEN_TTL_SEC * 1000);
    expect(await t.g.isActive('s1')).toBe(true); // no token of it can be valid: identity is asked again
    expect(t.calls()).toBe(1);
  });

  it('concurrent askers share one check', async () => {
    const t = guard();
    const release = t.hold();
    const all = Promise.all(Array.from({ length: 20 }, () => t.g.isActive('s1')));
    release();
    expect(await all).toEqual(Array(20).fill(true));
    expect(t.calls()).toBe(1);
  });

  it('identity unreachable: the last answer stands; without one the check fails', async () => {
    const t = guard();
    expect(await t.g.isActive('s1')).toBe(true);
    t.setDown(true);
    t.advance(TTL);
    expect(await t.g.isActive('s1')).toBe(true);
    await expect(t.g.isActive('s2')).rejects.toThrow('identity unreachable');
    t.setDown(false);
    expect(await t.g.isActive('s2')).toBe(true);
  });

  it('identity unreachable: an answer older than a token can live no longer stands', async () => {
    const t = guard();
    expect(await t.g.isActive('s1')).toBe(true);
    t.setDown(true);
    t.advance(REVOKED_MEMORY_MS - 1);
    expect(await t.g.isActive('s1')).toBe(true);
    t.advance(1);
    await expect(t.g.isActive('s1')).rejects.toThrow('identity unreachable');
  });

  it('hears tessera.session.revoked on the bus', async () => {
    const t = guard();
    const bus = createInProcessBus();
    stops.push(
      () => t.g.stop(),
      () => bus.close(),
    );
    await t.g.subscribe(bus);
    expect(await t.g.isActive('s1')).toBe(true);
    const data = encodeEvent(SUBJECTS.sessionRevoked, { userId: 'u', sessionIds: ['s1'], reason: 'logout' });
    await bus.publish(SUBJECTS.sessionRevoked, data, { msgId: 'r1' });
    await bus.publish(SUBJECTS.sessionRevoked, new Uint8Array([0xff, 0xff]), { msgId: 'bad' });
    await eventually(() => t.g.eventsApplied === 1 || undefined, 10_000);
    expect(await t.g.isActive('s1')).toBe(false);
    expect(await t.g.isActive('s2')).toBe(true);
    expect(t.calls()).toBe(2);
  });
});
