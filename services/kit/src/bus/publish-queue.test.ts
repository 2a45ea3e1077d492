import { describe, expect, it } from 'vitest';
import type { PublishResult } from './port.js';
import { PublishQueue, type QueuedMessage } from './publish-queue.js';
import { BusError } from './subjects.js';

const bytes = (n: number) => new Uint8Array(n);

/** A sender that stores every message it gets (in order) and records each batch. */
function recordingSender(refuse: (m: QueuedMessage) => Error | undefined = () => undefined) {
  const stored: string[] = [];
  const batches: string[][] = [];
  const send = async (batch: QueuedMessage[]): Promise<(PublishResult | Error)[]> => {
    batches.push(batch.map((m) => m.options.msgId));
    await new Promise((r) => setTimeout(r, 5));
    return batch.map((m) => {
      const err = refuse(m);
      if (err) return err;
      stored.push(m.options.msgId);
      return { seq: stored.length, duplicate: false };
    });
  };
  return { send, stored, batches };
}

describe('PublishQueue', () => {
  it('sends the publishes of one tick as one batch, in order, each resolving with its own result', async () => {
    const s = recordingSender();
    const q = new PublishQueue(s.send);
    const results = await Promise.all(
      ['a', 'b', 'c'].map((id) => q.publish('tessera.x', bytes(1), { msgId: id })),
    );
    expect(s.batches).toEqual([['a', 'b', 'c']]);
    expect(results.map((r) => r.seq)).toEqual([1, 2, 3]);
  });

  it('keeps one batch in flight: publishes made meanwhile leave together after it, in order', async () => {
    const s = recordingSender();
    const q = new PublishQueue(s.send);
    const first = q.publish('tessera.x', bytes(1), { msgId: '1' });
    await new Promise((r) => setImmediate(r)); // the first batch has left
    await new Promise((r) => setImmediate(r));
    const later = ['2', '3', '4'].map((id) => q.publish('tessera.x', bytes(1), { msgId: id }));
    await Promise.all([first, ...later]);
    expect(s.batches).toEqual([['1'], ['2', '3', '4']]);
    expect(s.stored).toEqual(['1', '2', '3', '4']);
  });

  it('rejects only the message refused alone, and every message of a batch that failed whole', async () => {
    const s = recordingSender((m) => (m.options.msgId === 'bad' ? new BusError('refused') : undefined));
    const q = new PublishQueue(s.send);
    const out = await Promise.allSettled(
      ['ok1', 'bad', 'ok2'].map((id) => q.publish('tessera.x', bytes(1), { msgId: id })),
    );
    expect(out.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(s.stored).toEqual(['ok1', 'ok2']);

    const down = new PublishQueue(() => Promise.reject(new Error('broker down')));
    const all = await Promise.allSettled(
      ['x', 'y'].map((id) => down.publish('tessera.x', bytes(1), { msgId: id })),
    );
    expect(all.map((o) => (o.status === 'rejected' ? (o.reason as Error).message : 'stored'))).toEqual([
      'broker down',
      'broker down',
    ]);
  });

  it('splits batches by message count and by bytes (a larger message goes alone)', async () => {
    const s = recordingSender();
    const q = new PublishQueue(s.send, { maxMessages: 2, maxBytes: 10 });
    await Promise.all([
      q.publish('tessera.x', bytes(1), { msgId: 'a' }),
      q.publish('tessera.x', bytes(1), { msgId: 'b' }),
      q.publish('tessera.x', bytes(1), { msgId: 'c' }),
      q.publish('tessera.x', bytes(20), { msgId: 'big' }),
      q.publish('tessera.x', bytes(6), { msgId: 'd' }),
      q.publish('tessera.x', bytes(6), { msgId: 'e' }),
    ]);
    expect(s.batches).toEqual([['a', 'b'], ['c'], ['big'], ['d'], ['e']]);
    expect(s.stored).toEqual(['a', 'b', 'c', 'big', 'd', 'e']);
  });

  it('settles what was queued before close, then refuses new publishes', async () => {
    const s = recordingSender();
    const q = new PublishQueue(s.send);
    const queued = q.publish('tessera.x', bytes(1), { msgId: 'before' });
    await q.close();
    await expect(queued).resolves.toMatchObject({ seq: 1 });
    await expect(q.publish('tessera.x', bytes(1), { msgId: 'after' })).rejects.toThrow(BusError);
  });
});
