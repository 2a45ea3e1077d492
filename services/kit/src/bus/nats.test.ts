/**
 * What is particular to the NATS JetStream adapter (the stream and consumers it sets up on the
 * server, recovery when they are deleted under it), when NATS_URL is set; the contract runs in
 * bus.test.ts.
 * Each opened bus gets a stream and a subject namespace of its own (`<run prefix>-<n>`), deleted
 * afterwards. Connecting to a server that is not there runs always.
 */
import { nanos, StorageType } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, testLogger, uniquePrefix } from '../testing/index.js';
import { encode, recorder } from '../contracts/bus-context.js';
import { NatsBus } from './nats.js';
import { DUPLICATE_WINDOW_MS } from './port.js';
import { BusError } from './subjects.js';
import { deleteStream, streamsWithPrefix, withJetStream } from './test/nats-helpers.js';
import { closedPort } from '../testing/ports.js';

const NATS_URL = process.env.NATS_URL;

describe('NatsBus.connect', () => {
  it('fails with a clear BusError when the server cannot be reached in time', async () => {
    const port = await closedPort();
    const started = Date.now();
    const opening = NatsBus.connect({
      url: `nats://user:secret@127.0.0.1:${port}`,
      logger: testLogger(),
      connectTimeoutMs: 600,
    });
    await expect(opening).rejects.toBeInstanceOf(BusError);
    await expect(opening).rejects.toThrow(
      /NATS at nats:\/\/user:\*\*\*@127\.0\.0\.1:\d+\/? is not reachable/,
    );
    // the figure is printed; the bound only says it gave up instead of hanging
    const took = Date.now() - started;
    console.log(`NATS unreachable: gave up after ${took} ms (connect timeout 600 ms)`);
    expect(took).toBeLessThan(10_000);
  });
});

describe.skipIf(!NATS_URL)('nats', () => {
  const url = NATS_URL ?? '';
  const runPrefix = uniquePrefix('bus-nats');
  let opened = 0;
  const open = (logger = testLogger('bus-nats')) => {
    const name = `${runPrefix}-${++opened}`;
    return NatsBus.connect({
      url,
      logger,
      name: 'tessera-bus-test',
      stream: name,
      subjectPrefix: `${name}.`,
      connectTimeoutMs: 5000,
    }).then((bus) => ({
      bus,
      name,
      cleanup: async () => (await bus.close(), await deleteStream(url, name)),
    }));
  };

  describe('server-side setup', () => {
    it('creates a file-backed stream over the namespace with the duplicate window', async () => {
      const { name, cleanup } = await open();
      try {
        const info = await withJetStream(url, (jsm) => jsm.streams.info(name));
        expect(info.config).toMatchObject({
          subjects: [`${name}.tessera.>`],
          storage: StorageType.File,
          duplicate_window: nanos(DUPLICATE_WINDOW_MS),
        });
      } finally {
        await cleanup();
      }
    });

    it('puts a stream that drifted back to the wanted settings on open', async () => {
      const first = await open();
      try {
        await first.bus.close();
        await withJetStream(url, (jsm) => jsm.streams.update(first.name, { duplicate_window: nanos(5000) }));
        const again = await NatsBus.connect({
          url,
          logger: testLogger(),
          stream: first.name,
          subjectPrefix: `${first.name}.`,
        });
        await again.close();
        const info = await withJetStream(url, (jsm) => jsm.streams.info(first.name));
        expect(info.config.duplicate_window).toBe(nanos(DUPLICATE_WINDOW_MS));
      } finally {
        await first.cleanup();
      }
    });

    it('filters a durable of several patterns on their covering pattern (one filter on nats-server 2.9)', async () => {
      const { bus, name, cleanup } = await open();
      try {
        const sub = await bus.consume({
          durable: 'multi',
          subjects: ['tessera.lock.*', 'tessera.lock.x.done'],
          handler: async () => undefined,
        });
        const info = await withJetStream(url, (jsm) => jsm.consumers.info(name, 'multi'));
        expect(info.config).toMatchObject({
          filter_subject: `${name}.tessera.lock.>`,
          durable_name: 'multi',
          max_deliver: 5,
        });
        await sub.stop();
      } finally {
        await cleanup();
      }
    });

    it('recreates a durable consumer deleted under a running subscriber and goes on', async () => {
      const { bus, name, cleanup } = await open();
      try {
        const rec = recorder();
        await bus.consume({ durable: 'fragile', subjects: ['tessera.fragile.>'], handler: rec.handler });
        await bus.publish('tessera.fragile.one', encode('1'), { msgId: 'f1' });
        await eventually(() => rec.got.length === 1);
        await withJetStream(url, (jsm) => jsm.consumers.delete(name, 'fragile'));
        await eventually(
          async () => {
            await bus.publish('tessera.fragile.more', encode('n'), { msgId: `f-${Date.now()}` });
            return rec.got.length >= 2;
          },
          15_000,
          500,
        );
      } finally {
        await cleanup();
      }
    });

    it('recreates the stream when it was deleted, so publishing goes on', async () => {
      const { bus, name, cleanup } = await open();
      try {
        await bus.publish('tessera.gone.a', encode('a'), { msgId: 'g1' });
        await deleteStream(url, name);
        const r = await bus.publish('tessera.gone.b', encode('b'), { msgId: 'g2' });
        expect(r).toEqual({ seq: 1, duplicate: false });
      } finally {
        await cleanup();
      }
    });
  });

  afterAll(async () => {
    // Every opened bus has removed its stream: nothing of this run is left on the server.
    expect(await streamsWithPrefix(url, runPrefix)).toEqual([]);
  });
});
