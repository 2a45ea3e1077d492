/**
 * The embedded broker restarted on the same data folder (what a crash or a redeploy of the broker
 * process does): stored messages, publish ids, durable cursors and unacked messages survive, and the
 * clients that were connected carry on by themselves (RemoteBus reconnects and resumes).
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { type BusMessage } from '@tessera/kit';
import { decode, encode } from '@tessera/kit/contracts';
import { eventually, sleep, tempDir, testLogger } from '@tessera/kit/testing';
import { startBrokerServer, type BrokerServer } from './setup.js';
import { RemoteBus } from '@tessera/embedded';

const logger = testLogger('bus-restart');
const fastRetry = { retryDeadlineMs: 10_000, backoff: { initialMs: 20, maxMs: 200 } };

describe('embedded broker restarted on the same data folder', () => {
  /** A broker on a new data folder, which the test can restart on the same port and folder. */
  async function broker(
    dirPrefix = 'tessera-bus-restart-',
  ): Promise<{ server: BrokerServer; restart: () => Promise<void>; dir: string }> {
    const { dir, cleanup } = tempDir(dirPrefix);
    onTestFinished(cleanup);
    const handle = {
      server: await startBrokerServer({ port: 0, logger, dataDir: dir }),
      restart: async () => {},
      dir,
    };
    handle.restart = async () => {
      await handle.server.close();
      handle.server = await startBrokerServer({ port: handle.server.port, logger, dataDir: dir });
    };
    onTestFinished(() => handle.server.close());
    return handle;
  }

  /** A client of the broker that retries quickly, closed after the test. */
  async function client(b: { server: BrokerServer }): Promise<RemoteBus> {
    const bus = await RemoteBus.connect({ url: b.server.url, logger, ...fastRetry });
    onTestFinished(() => bus.close());
    return bus;
  }

  it('keeps unacked messages and durable cursors; a connected subscriber resumes without loss', async () => {
    const b = await broker();
    const bus = await client(b);

    const handled: BusMessage[] = [];
    let releaseHeld: () => void = () => undefined;
    await bus.consume({
      durable: 'restart',
      subjects: ['tessera.restart.>'],
      ackWaitMs: 30_000, // longer than the test: only the restart can bring the held message back
      handler: (m) => {
        handled.push(m);
        if (m.msgId !== 'held' || m.deliveryCount > 1) return Promise.resolve();
        return new Promise<void>((resolve) => (releaseHeld = resolve));
      },
    });
    const seen: number[] = [];
    await bus.subscribe({ subjects: ['tessera.restart.>'], handler: (m) => void seen.push(m.seq) });

    for (const id of ['a1', 'a2', 'held'])
      await bus.publish(`tessera.restart.${id}`, encode(id), { msgId: id });
    await eventually(() => handled.length === 3 && seen.length === 3);

    await b.restart();
    // Published through the client that lived through the restart: it reconnects by itself.
    await bus.publish('tessera.restart.a4', encode('a4'), { msgId: 'a4' });
    await bus.publish('tessera.restart.a5', encode('a5'), { msgId: 'a5' });

    // A last message as the marker: both get messages in stream order, so once it is there,
    // everything before it has been delivered (and anything delivered twice would be there too).
    await bus.publish('tessera.restart.end', encode('end'), { msgId: 'end' });
    await eventually(() => seen.includes(6) && handled.some((m) => m.msgId === 'end'), 10_000);
    releaseHeld();
    // The subscriber resumed after the last sequence it had: every message once, in order.
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    // The durable's cursor survived (a1, a2 acked: not again); the unacked one came back.
    const ids = handled.map((m) => m.msgId);
    expect(ids.slice(0, 3)).toEqual(['a1', 'a2', 'held']);
    expect(ids.slice(3).sort()).toEqual(['a4', 'a5', 'end', 'held']);
    expect(handled.find((m) => m.msgId === 'held' && m.deliveryCount === 2)).toBeDefined();
    expect(await bus.lastSeq()).toBe(6);
  });

  it('a client process started after the restart picks up the durable where the old one left it', async () => {
    const b = await broker();
    const first = await RemoteBus.connect({ url: b.server.url, logger, ...fastRetry });
    const done: string[] = [];
    await first.consume({
      durable: 'worker',
      subjects: ['tessera.jobs.*'],
      ackWaitMs: 1000, // also how long close() waits for the stuck handler
      handler: async (m) => {
        if (m.msgId === 'job-2') return new Promise<void>(() => undefined); // the process dies with it
        done.push(m.msgId);
      },
    });
    await first.publish('tessera.jobs.run', encode('1'), { msgId: 'job-1' });
    await first.publish('tessera.jobs.run', encode('2'), { msgId: 'job-2' });
    await eventually(() => done.length === 1);
    // The client process goes away, then the broker restarts on the same folder.
    await first.close();
    await b.restart();

    const second = await client(b);
    await second.publish('tessera.jobs.run', encode('3'), { msgId: 'job-3' });
    const got: BusMessage[] = [];
    await second.consume({
      durable: 'worker',
      subjects: ['tessera.jobs.*'],
      handler: async (m) => void got.push(m),
    });
    // job-4 is the marker: once it is handled, the durable has been given everything before it.
    await second.publish('tessera.jobs.run', encode('4'), { msgId: 'job-4' });
    await eventually(() => got.some((m) => m.msgId === 'job-4'));
    expect(got.map((m) => m.msgId).sort()).toEqual(['job-2', 'job-3', 'job-4']);
    expect(got.find((m) => m.msgId === 'job-2')!.deliveryCount).toBeGreaterThanOrEqual(2);
  });

  it('remembers publish ids across a restart: a retried publish stays a duplicate', async () => {
    const b = await broker();
    const bus = await client(b);
    const first = await bus.publish('tessera.ids.x', encode('once'), { msgId: 'payment-42' });
    await b.restart();
    const again = await bus.publish('tessera.ids.x', encode('twice'), { msgId: 'payment-42' });
    expect(again).toEqual({ seq: first.seq, duplicate: true });
    const replay: string[] = [];
    const sub = await bus.subscribe({
      subjects: ['tessera.ids.>'],
      fromSeq: 1,
      handler: (m) => void replay.push(decode(m.data)),
    });
    // A marker after it: the replay is in stream order, so a stored duplicate would come before it.
    await bus.publish('tessera.ids.end', encode('end'), { msgId: 'end' });
    await eventually(() => replay.includes('end'));
    await sub.stop();
    expect(replay).toEqual(['once', 'end']);
  });
  it('a subscriber and a durable consumer reconnect after the broker was down for a while, with no listener warnings', async () => {
    const b = await broker('tessera-bus-down-');
    const bus = await RemoteBus.connect({
      url: b.server.url,
      logger,
      retryDeadlineMs: 10_000,
      backoff: { initialMs: 5, maxMs: 10 },
    });
    onTestFinished(() => bus.close());
    const warnings: Error[] = [];
    const onWarning = (w: Error) => void warnings.push(w);
    process.on('warning', onWarning);
    onTestFinished(() => void process.off('warning', onWarning));

    const seen: string[] = [];
    await bus.subscribe({ subjects: ['tessera.down.>'], handler: (m) => void seen.push(m.msgId) });
    await bus.consume({
      durable: 'down',
      subjects: ['tessera.down.>'],
      handler: (m) => {
        seen.push(`d:${m.msgId}`);
        return Promise.resolve();
      },
    });
    const port = b.server.port;
    await b.server.close();
    await sleep(600); // dozens of reconnect attempts at 5 to 10 ms
    b.server = await startBrokerServer({ port, logger, dataDir: b.dir });
    await bus.publish('tessera.down.after', encode('after'), { msgId: 'after' });
    await eventually(() => seen.length === 2, 10_000);
    expect(seen.sort()).toEqual(['after', 'd:after']);
    await sleep(50); // warnings are emitted on the next tick
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});
