/**
 * The broker's batches on the wire: a PublishBatch is stored in order, and live messages that wait
 * together reach a fan-out subscriber in one Subscribe response, in stream order (RemoteBus handles
 * both shapes; the event-bus contract in broker.test.ts covers its delivery semantics).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { BrokerService as BrokerRpc } from '@tessera/proto/tessera/bus/v1/broker_pb.js';
import { RemoteBus } from '@tessera/kit';
import { encode, recorder } from '@tessera/kit/bus-contract';
import { eventually, testLogger } from '@tessera/kit/testing';
import { startBrokerServer, type BrokerServer } from './setup.js';

let server: BrokerServer;
beforeAll(async () => {
  server = await startBrokerServer({ port: 0, logger: testLogger('broker-batches') });
});
afterAll(async () => {
  await server.close();
});

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
});
