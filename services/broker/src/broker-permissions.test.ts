/**
 * The broker guarded as the process runs it (service tokens verified, every call held to the
 * caller's event permissions of the trust table), reached through RemoteBus as every service
 * reaches it: allowed publishes, subscriptions and durables work; a call without a token, an expired
 * one, another process's subjects and another process's durable are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { BrokerService as BrokerRpc } from '@tessera/proto/tessera/bus/v1/broker_pb.js';
import { SUBJECTS } from '@tessera/facts/subjects';
import { REFUSED_HEADER, type BusMessage } from '@tessera/kit';
import { encode } from '@tessera/kit/contracts';
import { eventually, testIdentities, testLogger } from '@tessera/kit/testing';
import { startBrokerServer, type BrokerServer } from './setup.js';
import { RemoteBus } from '@tessera/embedded';

const logger = testLogger('broker-permissions');
const ids = testIdentities(['intruder']);
let server: BrokerServer;
const buses: RemoteBus[] = [];

async function busAs(identity: ReturnType<typeof ids.as>): Promise<RemoteBus> {
  const bus = new RemoteBus({ url: server.url, logger, identity, retryDeadlineMs: 5000 });
  buses.push(bus);
  return bus;
}

async function refusedCode(p: Promise<unknown>): Promise<Code> {
  const err = await p.then(
    () => {
      throw new Error('not refused');
    },
    (e: unknown) => e,
  );
  const ce = ConnectError.from(err);
  expect(ce.metadata.get(REFUSED_HEADER), ce.message).toBeTruthy();
  return ce.code;
}

beforeAll(async () => {
  server = await startBrokerServer({ port: 0, logger, trust: ids.trust('broker') });
});
afterAll(async () => {
  for (const b of buses) await b.close();
  await server.close();
});

describe('the guarded broker', () => {
  it('refuses calls without a token, with an expired one, and from processes without event permissions', async () => {
    const plain = createClient(BrokerRpc, createConnectTransport({ baseUrl: server.url, httpVersion: '2' }));
    expect(
      await refusedCode(plain.publish({ subject: SUBJECTS.pixelsCommitted, msgId: 'x', data: encode('x') })),
    ).toBe(Code.Unauthenticated);
    expect(await refusedCode(plain.lastSeq({}))).toBe(Code.Unauthenticated);
    const expired = await busAs(ids.expired('canvas'));
    expect(await refusedCode(expired.publish(SUBJECTS.pixelsCommitted, encode('x'), { msgId: 'e1' }))).toBe(
      Code.Unauthenticated,
    );
    for (const who of ['intruder', 'ops']) {
      const bus = await busAs(ids.as(who));
      expect(await refusedCode(bus.lastSeq())).toBe(Code.PermissionDenied);
    }
    expect(server.broker.lastSeq()).toBe(0);
  });

  it('lets each process publish only its own subjects', async () => {
    const canvas = await busAs(ids.as('canvas'));
    expect((await canvas.publish(SUBJECTS.pixelsCommitted, encode('p'), { msgId: 'c1' })).seq).toBe(1);
    expect(
      await refusedCode(canvas.publish(SUBJECTS.paymentSucceeded, encode('forged'), { msgId: 'c2' })),
    ).toBe(Code.PermissionDenied);
    const bff = await busAs(ids.as('bff'));
    expect(await refusedCode(bff.publish(SUBJECTS.pixelsCommitted, encode('forged'), { msgId: 'b1' }))).toBe(
      Code.PermissionDenied,
    );
    const lock = await busAs(ids.as('lock'));
    await lock.publish(SUBJECTS.lockAcquired, encode('l'), { msgId: 'l1' });
    expect(server.broker.lastSeq()).toBe(2);
  });

  it('lets each process subscribe and consume only within its subjects', async () => {
    const renderer = await busAs(ids.as('renderer'));
    const got: BusMessage[] = [];
    const sub = await renderer.subscribe({
      subjects: [SUBJECTS.pixelsCommitted],
      handler: (m) => void got.push(m),
    });
    const durable = await renderer.consume({
      durable: 'renderer-perm',
      subjects: [SUBJECTS.pixelsCommitted],
      handler: async (m) => void got.push(m),
    });
    await expect(
      renderer.subscribe({ subjects: [SUBJECTS.paymentSucceeded], handler: () => undefined }),
    ).rejects.toMatchObject({ code: Code.PermissionDenied });
    await expect(
      renderer.subscribe({ subjects: ['tessera.>'], handler: () => undefined }),
    ).rejects.toMatchObject({ code: Code.PermissionDenied });
    await expect(
      renderer.consume({
        durable: 'renderer-pay',
        subjects: [SUBJECTS.paymentRefunded],
        handler: async () => undefined,
      }),
    ).rejects.toMatchObject({ code: Code.PermissionDenied });
    const canvas = await busAs(ids.as('canvas'));
    await canvas.publish(SUBJECTS.pixelsCommitted, encode('p2'), { msgId: 'c3' });
    await eventually(() => got.length === 2);
    // A durable reads what it was made for: the renderer may read pixels, but may not join (and so
    // reconfigure or drain) the BFF's durable of lock events, which it may not read.
    const bff = await busAs(ids.as('bff'));
    const locks = await bff.consume({
      durable: 'bff-locks',
      subjects: ['tessera.lock.*'],
      handler: async () => undefined,
    });
    await expect(
      renderer.consume({
        durable: 'bff-locks',
        subjects: [SUBJECTS.pixelsCommitted],
        handler: async () => undefined,
      }),
    ).rejects.toMatchObject({ code: Code.PermissionDenied });
    await locks.stop();
    // settling another durable's messages needs the right to read them
    const plain = createClient(
      BrokerRpc,
      createConnectTransport({
        baseUrl: server.url,
        httpVersion: '2',
        interceptors: [
          (next) => async (req) => {
            req.header.set(
              'authorization',
              `Bearer ${await ids.as('lock').tokenFor({ audience: 'broker', service: '', method: '' })}`,
            );
            return next(req);
          },
        ],
      }),
    );
    expect(await refusedCode(plain.ack({ durable: 'renderer-perm', seq: 3 }))).toBe(Code.PermissionDenied);
    await sub.stop();
    await durable.stop();
  });

  it('refuses one message of a batch alone: the others of the same tick are published, in order', async () => {
    const canvas = await busAs(ids.as('canvas'));
    const first = server.broker.lastSeq();
    // published in one tick, so they leave in one PublishBatch call
    const [a, forged, b] = await Promise.allSettled([
      canvas.publish(SUBJECTS.pixelsCommitted, encode('a'), { msgId: 'batch-a' }),
      canvas.publish(SUBJECTS.paymentSucceeded, encode('forged'), { msgId: 'batch-forged' }),
      canvas.publish(SUBJECTS.pixelsCommitted, encode('b'), { msgId: 'batch-b' }),
    ]);
    expect(a).toMatchObject({ status: 'fulfilled', value: { seq: first + 1, duplicate: false } });
    expect(b).toMatchObject({ status: 'fulfilled', value: { seq: first + 2, duplicate: false } });
    expect(
      await refusedCode(forged.status === 'rejected' ? Promise.reject(forged.reason) : Promise.resolve()),
    ).toBe(Code.PermissionDenied);
    expect([first + 1, first + 2].map((seq) => server.broker.message(seq)?.msgId)).toEqual([
      'batch-a',
      'batch-b',
    ]);
    expect(server.broker.lastSeq()).toBe(first + 2);
  });
});
