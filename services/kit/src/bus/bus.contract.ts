/**
 * The event-bus contract: one suite every adapter of the port must pass (in-process, the embedded
 * broker over RemoteBus, NATS JetStream). It pins JetStream's delivery semantics (see port.ts).
 *
 * Each test works on subjects and durable names of its own, and stops what it started. Timing
 * checks never assume exact milliseconds: ack waits are a few hundred ms and the checks leave a
 * margin either way.
 *
 * Parts: this file (publish, dedup, message shape), bus-durable.contract.ts (durable consumers),
 * bus-fanout.contract.ts (subscribers, wildcards), bus-input.contract.ts (bad input, closed bus);
 * `contracts/index.ts` (`eventBusContract`) runs them all against one adapter.
 */
import { describe, expect, it } from 'vitest';
import { eventually, sleep } from '../testing/index.js';
import { decode, encode, publishN, recorder, type BusContractContext } from '../contracts/bus-context.js';
import { MAX_DATA_BYTES } from './options.js';

export function registerPublishTests({ bus, subject, durable, msgId, track }: BusContractContext): void {
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
