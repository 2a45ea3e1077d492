/** Contract part: fan-out subscribers (new messages in order, replay) and subject wildcards. */
import { describe, expect, it } from 'vitest';
import { eventually, sleep } from '../testing/index.js';
import { encode, publishN, recorder, type BusContractContext } from '../contracts/bus-context.js';
import type { BusMessage } from './port.js';

export function registerFanoutTests({ bus, subject, durable, msgId, track }: BusContractContext): void {
  describe('subscribers', () => {
    it('each get every new message, in order, and none published before they subscribed', async () => {
      const s = subject('fanout');
      await bus().publish(s, encode('old'), { msgId: msgId('old') });
      const a = recorder();
      const b = recorder();
      track(await bus().subscribe({ subjects: [s], handler: a.handler }));
      track(await bus().subscribe({ subjects: [s], handler: b.handler }));
      const seqs = await publishN(bus(), s, 10);
      await eventually(() => a.got.length >= 10 && b.got.length >= 10);
      await sleep(100);
      expect(a.got.map((m) => m.seq)).toEqual(seqs);
      expect(b.got.map((m) => m.seq)).toEqual(seqs);
      expect(a.got.every((m) => m.deliveryCount === 1)).toBe(true);
    });

    it('replay from a stream sequence (inclusive), then follow new messages', async () => {
      const s = subject('replay');
      const seqs = await publishN(bus(), s, 3);
      const rec = recorder();
      track(await bus().subscribe({ subjects: [s], fromSeq: seqs[1], handler: rec.handler }));
      await eventually(() => rec.got.length >= 2);
      const [later] = await publishN(bus(), s, 1, 'later');
      await eventually(() => rec.got.length >= 3);
      await sleep(100);
      expect(rec.got.map((m) => m.seq)).toEqual([seqs[1], seqs[2], later]);
    });

    it('replay from 1 gives every stored message of the subjects', async () => {
      const s = subject('replay-all');
      const seqs = await publishN(bus(), s, 4);
      const rec = recorder();
      track(await bus().subscribe({ subjects: [s], fromSeq: 1, handler: rec.handler }));
      await eventually(() => rec.got.length >= 4);
      await sleep(100);
      expect(rec.got.map((m) => m.seq)).toEqual(seqs);
    });

    it('run handlers one at a time; a failing handler does not stop the next messages', async () => {
      const s = subject('sub-fail');
      const seen: number[] = [];
      let running = 0;
      let overlap = false;
      track(
        await bus().subscribe({
          subjects: [s],
          handler: async (m) => {
            overlap ||= running > 0;
            running++;
            await sleep(5);
            running--;
            seen.push(m.seq);
            if (seen.length === 1) throw new Error('subscriber bug');
          },
        }),
      );
      const seqs = await publishN(bus(), s, 5);
      await eventually(() => seen.length >= 5);
      expect(seen).toEqual(seqs);
      expect(overlap).toBe(false);
    });

    it('get nothing after stop()', async () => {
      const s = subject('stop');
      const rec = recorder();
      const sub = await bus().subscribe({ subjects: [s], handler: rec.handler });
      await publishN(bus(), s, 1);
      await eventually(() => rec.got.length >= 1);
      await sub.stop();
      await sub.stop(); // stopping twice is harmless
      await publishN(bus(), s, 2);
      await sleep(200);
      expect(rec.got).toHaveLength(1);
    });
  });

  describe('subject wildcards', () => {
    it('`*` matches one token, `>` one or more trailing tokens, for subscribers and durables', async () => {
      const base = subject('wild');
      const names = (got: BusMessage[]) => got.map((m) => m.subject.slice(base.length + 1)).sort();
      const star = recorder();
      const middle = recorder();
      const tail = recorder();
      const dur = recorder();
      track(await bus().subscribe({ subjects: [`${base}.*`], handler: star.handler }));
      track(await bus().subscribe({ subjects: [`${base}.*.deep`], handler: middle.handler }));
      track(await bus().subscribe({ subjects: [`${base}.>`], handler: tail.handler }));
      track(
        await bus().consume({
          durable: durable('wild'),
          subjects: [`${base}.lock.*`, `${base}.pay.done`],
          handler: dur.handler,
        }),
      );
      const suffixes = ['', '.a', '.b', '.a.deep', '.lock.acquired', '.lock.x.y', '.pay.done', '.pay.failed'];
      for (const suffix of suffixes) {
        await bus().publish(`${base}${suffix}`, encode(suffix), { msgId: msgId('wild') });
      }
      await publishN(bus(), `${base}.pay.done`, 1, 'end'); // the last message every receiver waits for
      await eventually(() => tail.got.length >= 8 && dur.got.length >= 3);
      await sleep(200);
      expect(names(star.got)).toEqual(['a', 'b']);
      expect(names(middle.got)).toEqual(['a.deep']);
      expect(names(tail.got)).toEqual([
        'a',
        'a.deep',
        'b',
        'lock.acquired',
        'lock.x.y',
        'pay.done',
        'pay.done',
        'pay.failed',
      ]);
      expect(names(dur.got)).toEqual(['lock.acquired', 'pay.done', 'pay.done']);
    });

    it('a subscriber of several subjects gets each matching message once, in stream order', async () => {
      const base = subject('multi');
      const rec = recorder();
      track(
        await bus().subscribe({ subjects: [`${base}.a`, `${base}.*`, `${base}.c`], handler: rec.handler }),
      );
      const seqs: number[] = [];
      for (const suffix of ['a', 'b', 'c', 'd.e', 'a']) {
        const r = await bus().publish(`${base}.${suffix}`, encode(suffix), { msgId: msgId('multi') });
        if (suffix !== 'd.e') seqs.push(r.seq);
      }
      await eventually(() => rec.got.length >= 4);
      await sleep(150);
      expect(rec.got.map((m) => m.seq)).toEqual(seqs);
    });
  });
}
