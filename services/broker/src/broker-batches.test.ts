/**
 * The broker's batches on the wire: a PublishBatch is stored in order; live messages that wait
 * together reach a fan-out subscriber in one Subscribe response, in stream order; one Ack call
 * settles several messages of a durable, and what that frees reaches its subscriber in one Consume
 * response (RemoteBus handles every shape; the event-bus contract in broker.test.ts covers its
 * delivery semantics).
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { BrokerService as BrokerRpc } from '@tessera/proto/tessera/bus/v1/broker_pb.js';
import { encode, recorder } from '@tessera/kit/contracts';
import { eventually, testLogger, forSuite } from '@tessera/kit/testing';
import { startBrokerServer } from './setup.js';
import { RemoteBus } from '@tessera/embedded';

const server = forSuite(() => startBrokerServer({ port: 0, logger: testLogger('broker-batches') }));

describe('batches', () => {
  it('delivers the messages of one PublishBatch to a subscriber in one response, in order', async () => {
    const client = createClient(
      BrokerRpc,
      createConnectTransport({ baseUrl: server.url, httpVersion: '2', useBinaryFormat: true }),
    );
    const stop = new AbortController();
    const responses: { ready: boolean; seqs: number[] }[] = [];
    const reading = (async () => {
      try {
        for await (const res of client.subscribe(
          { subjects: ['tessera.batch.>'] },
          { signal: stop.signal },
        )) {
          const msgs = res.message ? [res.message] : res.messages;
          responses.push({ ready: res.ready, seqs: msgs.map((m) => m.seq) });
          if (responses.length === 2) stop.abort();
        }
      } catch {
        // aborted
      }
    })();
    await eventually(() => responses.length === 1); // registered
    const { results } = await client.publishBatch({
      messages: ['a', 'b', 'c'].map((id) => ({
        subject: `tessera.batch.${id}`,
        msgId: id,
        data: encode(id),
      })),
    });
    expect(results.map((r) => [r.seq, r.errorCode])).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
    ]);
    await reading;
    expect(responses).toEqual([
      { ready: true, seqs: [] },
      { ready: false, seqs: [1, 2, 3] },
    ]);
  });

  it('RemoteBus: publishes of one tick reach a RemoteBus subscriber whole and in order', async () => {
    const logger = testLogger('broker-batches');
    const pub = await RemoteBus.connect({ url: server.url, logger, retryDeadlineMs: 5000 });
    const subBus = await RemoteBus.connect({ url: server.url, logger, retryDeadlineMs: 5000 });
    const rec = recorder();
    const sub = await subBus.subscribe({ subjects: ['tessera.tick.>'], handler: rec.handler });
    const ids = ['1', '2', '3', '4', '5'];
    const results = await Promise.all(
      ids.map((id) => pub.publish(`tessera.tick.${id}`, encode(id), { msgId: `tick-${id}` })),
    );
    expect(results.map((r) => r.seq)).toEqual(results.map((_, i) => results[0]!.seq + i));
    await eventually(() => expect(rec.got.map((m) => m.msgId)).toEqual(ids.map((id) => `tick-${id}`)));
    await sub.stop();
    await subBus.close();
    await pub.close();
  });

  it('one Ack settles several messages, and the messages that frees arrive in one Consume response', async () => {
    const client = createClient(
      BrokerRpc,
      createConnectTransport({ baseUrl: server.url, httpVersion: '2', useBinaryFormat: true }),
    );
    const stop = new AbortController();
    const responses: number[][] = [];
    const reading = (async () => {
      try {
        for await (const res of client.consume(
          { durable: 'acks', subjects: ['tessera.acks.>'], maxInFlight: 3 },
          { signal: stop.signal },
        )) {
          if (res.ready) responses.push([]);
          else responses.push((res.message ? [res.message] : res.messages).map((m) => m.seq));
        }
      } catch {
        // aborted
      }
    })();
    await eventually(() => responses.length === 1); // registered
    const { results } = await client.publishBatch({
      messages: ['1', '2', '3', '4', '5', '6'].map((id) => ({
        subject: `tessera.acks.${id}`,
        msgId: `acks-${id}`,
        data: encode(id),
      })),
    });
    const seqs = results.map((r) => r.seq);
    // three in flight at most: the first three, whichever responses carried them
    await eventually(() => expect(responses.slice(1).flat()).toEqual(seqs.slice(0, 3)));
    const before = responses.length;
    await client.ack({ durable: 'acks', seq: seqs[0]!, seqs: seqs.slice(1, 3) });
    await eventually(() => expect(responses.length).toBe(before + 1));
    expect(responses[before]).toEqual(seqs.slice(3)); // the three freed slots, refilled in one response
    expect(server.broker.durableInfo('acks')).toMatchObject({
      ackFloor: seqs[2],
      open: seqs.slice(3).map((s) => [s, 1]),
    });
    // a bad sequence anywhere in the call refuses the whole call, and nothing is settled
    await expect(client.ack({ durable: 'acks', seq: seqs[3]!, seqs: [seqs[4]!, 0.5] })).rejects.toThrow(
      /seq must be a positive integer/,
    );
    expect(server.broker.durableInfo('acks')?.ackFloor).toBe(seqs[2]);
    stop.abort();
    await reading;
  });

  it('RemoteBus: a durable consumer acks the messages of one tick in one Ack call', async () => {
    const logger = testLogger('broker-batches');
    const bus = await RemoteBus.connect({ url: server.url, logger, retryDeadlineMs: 5000 });
    const calls: number[][] = [];
    const ackAll = server.broker.ackAll.bind(server.broker);
    server.broker.ackAll = (durable, seqs) => {
      if (durable === 'tick-acks') calls.push([...seqs]);
      ackAll(durable, seqs);
    };
    try {
      const rec = recorder();
      const sub = await bus.consume({
        durable: 'tick-acks',
        subjects: ['tessera.tickack.>'],
        concurrency: 8,
        handler: rec.handler,
      });
      const ids = ['1', '2', '3', '4', '5', '6', '7', '8'];
      await Promise.all(
        ids.map((id) => bus.publish(`tessera.tickack.${id}`, encode(id), { msgId: `ta-${id}` })),
      );
      await eventually(() => expect(server.broker.durableInfo('tick-acks')?.open).toEqual([]));
      expect(rec.got.map((m) => m.msgId).sort()).toEqual(ids.map((id) => `ta-${id}`));
      expect(calls.flat().length).toBe(ids.length); // every message acked once
      expect(calls.length).toBeLessThan(ids.length); // and not one call each
      console.log(`${ids.length} acks in ${calls.length} Ack call(s): ${JSON.stringify(calls)}`);
      await sub.stop();
    } finally {
      server.broker.ackAll = ackAll;
      await bus.close();
    }
  });
});
