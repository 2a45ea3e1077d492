/**
 * The broker's retention of settled messages: of the messages every durable consumer has settled,
 * only the newest `keepSettled` stay (the history a fan-out subscriber may replay), so the stream no
 * longer grows with every message for 24 hours under steady load; a message a durable has not
 * settled yet (a consumer that is behind, or whose service is down) stays until the count and age
 * limits remove it, as before.
 */
import { describe, expect, it } from 'vitest';
import { testLogger } from '@tessera/kit/testing';
import { Broker, DEFAULT_KEEP_SETTLED } from './core.js';
import type { StoredMessage } from './stream.js';

const SUBJECT = 'tessera.pixels.committed';
const RETENTION = { maxMessages: 1_000_000, maxAgeMs: 24 * 3600_000 };

function broker(keepSettled: number) {
  let now = 1_700_000_000_000;
  const b = new Broker({ logger: testLogger(), retention: RETENTION, keepSettled, now: () => now });
  return {
    b,
    /** Publishes `n` messages, one a millisecond, then lets a second pass (the trim runs at most once a second). */
    publish(n: number, from = 0) {
      for (let i = 0; i < n; i++) {
        now += 1;
        b.publish(SUBJECT, new Uint8Array([i % 256]), { msgId: `m${from + i}` });
      }
      now += 1_001;
    },
  };
}

/** A durable consumer that collects what it is handed and acks only when told to. */
function durable(b: Broker) {
  const delivered: StoredMessage[] = [];
  b.registerConsumer({
    config: { durable: 'd', subjects: [SUBJECT], ackWaitMs: 3_600_000, maxDeliver: 5 },
    maxInFlight: 1_000_000,
    deliver: (msg) => void delivered.push(msg),
  });
  return {
    delivered,
    ackAll: () =>
      b.ackAll(
        'd',
        delivered.splice(0).map((m) => m.seq),
      ),
  };
}

describe('broker retention of settled messages', () => {
  it('keeps only the newest keepSettled messages once every durable has settled them', () => {
    const { b, publish } = broker(100);
    const d = durable(b);
    publish(1_000);
    d.ackAll();
    publish(1, 1_000); // a publish after a second runs the trim
    expect(b.lastSeq()).toBe(1_001);
    // 1,000 settled, the newest 100 of them kept, and the new one (delivered, not acked yet)
    expect(b.firstSeq()).toBe(901);
    expect(b.message(900)).toBeUndefined();
    expect(b.message(901)?.msgId).toBe('m900');
  });

  it('never removes a message a durable has not settled', () => {
    const { b, publish } = broker(100);
    const d = durable(b);
    publish(1_000);
    d.delivered.splice(0, 500).forEach((m) => b.ack('d', m.seq)); // 1 to 500 acked, 501 on open
    publish(1, 1_000);
    // settled floor 500: the newest 100 settled ones (401 to 500) stay, and everything open after them
    expect(b.firstSeq()).toBe(401);
    expect(b.message(501)?.msgId).toBe('m500');
    expect(b.durableInfo('d')?.open.length).toBe(501);
  });

  it('keeps the history for fan-out replay when no durable exists', () => {
    const { b, publish } = broker(100);
    publish(250);
    publish(1, 250);
    const replayed: number[] = [];
    b.subscribe([SUBJECT], 1, (m) => void replayed.push(m.seq)).close();
    expect(replayed[0]).toBe(151);
    expect(replayed.length).toBe(101);
  });

  it('keeps 10,000 by default', () => {
    expect(DEFAULT_KEEP_SETTLED).toBe(10_000);
    let now = 1_700_000_000_000;
    const b = new Broker({ logger: testLogger(), retention: RETENTION, now: () => now });
    for (let i = 0; i < 10_050; i++) b.publish(SUBJECT, new Uint8Array([1]), { msgId: `m${i}` });
    now += 1_001;
    b.publish(SUBJECT, new Uint8Array([1]), { msgId: 'last' });
    // the trim before the last publish: 10,050 settled (no durable), the newest 10,000 kept
    expect(b.firstSeq()).toBe(10_050 - 10_000 + 1);
  });
});
