/**
 * The event-bus contract: one suite every adapter of the port must pass (in-process, the embedded
 * broker over RemoteBus, NATS JetStream). It pins JetStream's delivery semantics (see port.ts).
 *
 * Each test works on subjects and durable names of its own, and stops what it started. Timing
 * checks never assume exact milliseconds: ack waits are a few hundred ms and the checks leave a
 * margin either way.
 *
 * Parts: this file (publish, dedup, message shape), bus-durable.contract.ts (durable consumers),
 * bus-fanout.contract.ts (subscribers, wildcards), bus-input.contract.ts (bad input, closed bus).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../log/logger.js';
import { eventually, sleep } from '../testing/index.js';
import { registerDurableTests } from './bus-durable.contract.js';
import { registerFanoutTests } from './bus-fanout.contract.js';
import { registerInputTests } from './bus-input.contract.js';
import { MAX_DATA_BYTES } from './options.js';
import type { BusMessage, EventBus, Subscription } from './port.js';
import { captureLogger, type LogCapture } from './test/log-capture.js';

export interface BusFixture {
  bus: EventBus;
  cleanup: () => Promise<void>;
}

/** Opens a bus that logs to `logger` (the broker too, where it runs in the test process). */
export type BusFactory = (logger: Logger) => Promise<BusFixture>;

/** What each group of contract tests gets. */
export interface BusContractContext {
  bus: () => EventBus;
  /** Everything the bus (and an in-test broker) logged. */
  logs: () => LogCapture;
  /** A subject of its own: `tessera.<run>.<label>.<n>`. */
  subject: (label: string) => string;
  durable: (label: string) => string;
  msgId: (label: string) => string;
  /** Stops the subscription after the test. */
  track: (sub: Subscription) => Subscription;
  /** Opens another bus of the adapter (cleaned up by the caller). */
  open: () => Promise<BusFixture>;
}

export const encode = (text: string) => new TextEncoder().encode(text);
export const decode = (data: Uint8Array) => new TextDecoder().decode(data);

/** Publishes `n` messages (`<label>-<i>` as data) one after the other; returns their sequences. */
export async function publishN(bus: EventBus, subject: string, n: number, label = 'm'): Promise<number[]> {
  const seqs: number[] = [];
  const run = Math.random().toString(36).slice(2, 8);
  for (let i = 0; i < n; i++) {
    seqs.push((await bus.publish(subject, encode(`${label}-${i}`), { msgId: `${label}-${run}-${i}` })).seq);
  }
  return seqs;
}

/** A handler that records what it gets. */
export function recorder(): { got: BusMessage[]; handler: (m: BusMessage) => Promise<void> } {
  const got: BusMessage[] = [];
  return { got, handler: async (m) => void got.push(m) };
}

/** Publishes one message on `bus` and waits for a subscriber of it to get it (a bus that works end to end). */
export async function roundTrip(bus: EventBus): Promise<void> {
  const rec = recorder();
  const sub = await bus.subscribe({ subjects: ['tessera.open.>'], handler: rec.handler });
  await bus.publish('tessera.open.ping', encode('ping'), { msgId: `ping-${Date.now()}` });
  await eventually(() => rec.got.length === 1);
  await sub.stop();
}

export function eventBusContract(name: string, factory: BusFactory): void {
  describe(`EventBus contract: ${name}`, () => {
    let fixture: BusFixture | undefined;
    let capture: LogCapture | undefined;
    let n = 0;
    const run = `c${Math.random().toString(36).slice(2, 8)}`;
    const tracked: Subscription[] = [];
    const ctx: BusContractContext = {
      bus: () => {
        if (!fixture) throw new Error('bus not opened');
        return fixture.bus;
      },
      logs: () => capture!,
      subject: (label) => `tessera.${run}.${label}.${++n}`,
      durable: (label) => `${label}-${run}-${++n}`,
      msgId: (label) => `${label}-${run}-${++n}`,
      track: (sub) => {
        tracked.push(sub);
        return sub;
      },
      open: () => factory(captureLogger(`bus-contract-${name}`).logger),
    };

    beforeAll(async () => {
      capture = captureLogger(`bus-contract-${name}`);
      fixture = await factory(capture.logger);
    });
    afterEach(async () => {
      await Promise.all(tracked.splice(0).map((s) => s.stop()));
    });
    afterAll(async () => {
      await fixture?.cleanup();
    });

    registerPublishTests(ctx);
    registerDurableTests(ctx);
    registerFanoutTests(ctx);
    registerInputTests(ctx);
  });
}

function registerPublishTests({ bus, subject, durable, msgId, track }: BusContractContext): void {
  describe('publish', () => {
    it('returns increasing sequences, and lastSeq follows', async () => {
      const s = subject('seq');
      const before = await bus().lastSeq();
      const [a, b] = await publishN(bus(), s, 2);
      expect(a).toBeGreaterThan(before);
      expect(b).toBeGreaterThan(a!);
      expect(await bus().lastSeq()).toBe(b);
    });

    it('drops a second publish with the same id within the window: reported as a duplicate, delivered once', async () => {
      const s = subject('dedup');
      const fan = recorder();
      const dur = recorder();
      track(await bus().subscribe({ subjects: [s], handler: fan.handler }));
      track(await bus().consume({ durable: durable('dedup'), subjects: [s], handler: dur.handler }));
      const id = msgId('dup');
      const first = await bus().publish(s, encode('first'), { msgId: id });
      const again = await bus().publish(s, encode('second'), { msgId: id });
      expect(first.duplicate).toBe(false);
      expect(again).toEqual({ seq: first.seq, duplicate: true });
      expect(await bus().lastSeq()).toBe(first.seq);
      await bus().publish(s, encode('marker'), { msgId: msgId('marker') });
      await eventually(() => fan.got.length >= 2 && dur.got.length >= 2);
      await sleep(150);
      expect(fan.got.map((m) => decode(m.data))).toEqual(['first', 'marker']);
      expect(dur.got.map((m) => decode(m.data))).toEqual(['first', 'marker']);
    });

    it('of 10 concurrent publishes with one id exactly one is stored', async () => {
      const s = subject('dedup-race');
      const id = msgId('race');
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => bus().publish(s, encode(`copy-${i}`), { msgId: id })),
      );
      expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
      expect(new Set(results.map((r) => r.seq)).size).toBe(1);
    });

    it('delivers subject, id, data, headers and time exactly', async () => {
      const s = subject('shape');
      const fan = recorder();
      const dur = recorder();
      track(await bus().subscribe({ subjects: [s], handler: fan.handler }));
      track(await bus().consume({ durable: durable('shape'), subjects: [s], handler: dur.handler }));
      const data = new Uint8Array([0, 1, 2, 255, 0, 128]);
      const headers = {
        'x-trace-id': 'abc-123',
        'Content-Type': 'application/x-protobuf',
        traceparent: '00-ab-cd-01',
      };
      const id = msgId('shape');
      const before = Date.now();
      const { seq } = await bus().publish(s, data, { msgId: id, headers });
      const after = Date.now();
      data[0] = 99; // the bus kept its own copy
      await eventually(() => fan.got.length === 1 && dur.got.length === 1);
      for (const m of [fan.got[0]!, dur.got[0]!]) {
        expect(m).toMatchObject({ seq, subject: s, msgId: id, headers, deliveryCount: 1 });
        expect([...m.data]).toEqual([0, 1, 2, 255, 0, 128]);
        expect(m.timestampMs).toBeGreaterThanOrEqual(before - 2000);
        expect(m.timestampMs).toBeLessThanOrEqual(after + 2000);
      }
    });

    it('carries an empty payload and one of the largest allowed size', async () => {
      const s = subject('sizes');
      const dur = recorder();
      track(await bus().consume({ durable: durable('sizes'), subjects: [s], handler: dur.handler }));
      const big = new Uint8Array(MAX_DATA_BYTES).map((_, i) => i % 251);
      await bus().publish(s, new Uint8Array(0), { msgId: msgId('empty') });
      await bus().publish(s, big, { msgId: msgId('big') });
      await eventually(() => dur.got.length === 2);
      const [empty, large] = [...dur.got].sort((a, b) => a.seq - b.seq);
      expect(empty!.data.byteLength).toBe(0);
      expect(large!.data.byteLength).toBe(MAX_DATA_BYTES);
      expect(Buffer.from(large!.data).equals(Buffer.from(big))).toBe(true);
    });
  });
}
