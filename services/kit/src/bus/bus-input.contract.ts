/** Contract part: bad input is refused with BusError and never breaks the bus; a closed bus refuses calls. */
import { describe, expect, it } from 'vitest';
import { eventually } from '../testing/index.js';
import { encode, recorder, type BusContractContext } from '../contracts/bus-context.js';
import { MAX_DATA_BYTES, MAX_MSG_ID_LENGTH } from './options.js';
import type { BusMessage, ConsumeOptions, PublishOptions, SubscribeOptions } from './port.js';
import { BusError } from './subjects.js';

const handler = async (_m: BusMessage) => undefined;

export function registerInputTests({ bus, subject, durable, msgId, track, open }: BusContractContext): void {
  describe('bad input', () => {
    it('publish refuses bad subjects, ids, payloads and headers, and stores nothing', async () => {
      const s = subject('bad-publish');
      const before = await bus().lastSeq();
      const ok: PublishOptions = { msgId: msgId('bad') };
      const refused = async (subj: unknown, data: unknown, options: unknown) => {
        const call = bus().publish(subj as string, data as Uint8Array, options as PublishOptions);
        await expect(call).rejects.toBeInstanceOf(BusError);
      };
      const badSubjects = [
        '',
        'orders.created',
        'tessera',
        'tessera.',
        'tessera..x',
        'tessera.a.*',
        'tessera.a.>',
        'tessera.a b',
      ];
      for (const subj of [...badSubjects, `tessera.${'x'.repeat(300)}`, 42, undefined])
        await refused(subj, encode('x'), ok);
      for (const options of [
        undefined,
        {},
        { msgId: '' },
        { msgId: 'a\nb' },
        { msgId: 'x'.repeat(MAX_MSG_ID_LENGTH + 1) },
        { msgId: 7 },
      ]) {
        await refused(s, encode('x'), options);
      }
      for (const data of ['text', null, [1, 2], new Uint8Array(MAX_DATA_BYTES + 1)])
        await refused(s, data, ok);
      const badHeaders = [
        { 'Nats-Msg-Id': 'x' },
        { 'bad name': 'v' },
        { 'a:b': 'v' },
        { ok: 'two\nlines' },
        { ok: 5 },
        'h',
      ];
      for (const headers of badHeaders) await refused(s, encode('x'), { ...ok, headers });
      expect(await bus().lastSeq()).toBe(before);
    });

    it('consume refuses bad durable names, subjects, limits and handlers', async () => {
      const s = subject('bad-consume');
      const base: ConsumeOptions = { durable: durable('bad'), subjects: [s], handler };
      const variants: Partial<Record<keyof ConsumeOptions, unknown>>[] = [
        { durable: '' },
        { durable: 'has space' },
        { durable: 'a.b' },
        { durable: 'a*' },
        { durable: 'x'.repeat(65) },
        { durable: undefined },
        { subjects: [] },
        { subjects: ['nope.x'] },
        { subjects: ['tessera.a.>.b'] },
        { subjects: 'tessera.a' },
        { ackWaitMs: 50 },
        { ackWaitMs: 1.5 },
        { maxDeliver: 0 },
        { maxDeliver: -1 },
        { concurrency: 0 },
        { handler: undefined },
        { handler: 'not a function' },
      ];
      for (const v of variants) {
        await expect(bus().consume({ ...base, ...v } as ConsumeOptions)).rejects.toBeInstanceOf(BusError);
      }
    });

    it('subscribe refuses bad subjects, start sequences and handlers', async () => {
      const s = subject('bad-subscribe');
      const variants: Partial<Record<keyof SubscribeOptions, unknown>>[] = [
        { subjects: [] },
        { subjects: ['tessera'] },
        { subjects: ['other.>'] },
        { subjects: [s, 'tessera.a..b'] },
        { fromSeq: -1 },
        { fromSeq: 1.5 },
        { fromSeq: '3' },
        { handler: undefined },
      ];
      for (const v of variants) {
        const options = { subjects: [s], handler, ...v } as SubscribeOptions;
        await expect(bus().subscribe(options)).rejects.toBeInstanceOf(BusError);
      }
    });

    it('leaves the bus working: after refused calls, messages are still published and delivered', async () => {
      const s = subject('after-bad');
      await expect(bus().publish('tessera..', encode('x'), { msgId: msgId('x') })).rejects.toBeInstanceOf(
        BusError,
      );
      await expect(
        bus().consume({ durable: 'bad name', subjects: [s], handler } as ConsumeOptions),
      ).rejects.toBeInstanceOf(BusError);
      const fan = recorder();
      const dur = recorder();
      track(await bus().subscribe({ subjects: [s], handler: fan.handler }));
      track(await bus().consume({ durable: durable('after-bad'), subjects: [s], handler: dur.handler }));
      const { seq } = await bus().publish(s, encode('fine'), { msgId: msgId('fine') });
      await eventually(() => fan.got.length === 1 && dur.got.length === 1);
      expect(fan.got[0]!.seq).toBe(seq);
      expect(dur.got[0]!.seq).toBe(seq);
    });
  });

  describe('closing', () => {
    it('a closed bus refuses every call with a clear error; closing twice is harmless', async () => {
      const extra = await open();
      try {
        const s = subject('closing');
        await extra.bus.publish(s, encode('before'), { msgId: msgId('closing') });
        await extra.bus.close();
        await expect(extra.bus.publish(s, encode('after'), { msgId: msgId('closing') })).rejects.toThrow(
          /closed/,
        );
        await expect(
          extra.bus.consume({ durable: durable('closed'), subjects: [s], handler }),
        ).rejects.toThrow(/closed/);
        await expect(extra.bus.subscribe({ subjects: [s], handler })).rejects.toThrow(/closed/);
        await expect(extra.bus.lastSeq()).rejects.toThrow(/closed/);
        await extra.bus.close();
      } finally {
        await extra.cleanup();
      }
    });

    it('close() stops the subscriptions of the bus', async () => {
      const extra = await open();
      try {
        const s = subject('close-stops');
        const rec = recorder();
        await extra.bus.subscribe({ subjects: [s], handler: rec.handler });
        await extra.bus.consume({ durable: durable('close-stops'), subjects: [s], handler: rec.handler });
        await extra.bus.publish(s, encode('one'), { msgId: msgId('one') });
        await eventually(() => rec.got.length === 2);
        await extra.bus.close();
        expect(rec.got).toHaveLength(2);
      } finally {
        await extra.cleanup();
      }
    });
  });
}
