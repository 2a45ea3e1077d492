/**
 * Runs the event-bus contract against the in-process bus and the embedded broker (a real broker
 * server on port 0 over a temporary folder, reached through RemoteBus) always, and against NATS
 * JetStream when NATS_URL is set: each opened bus gets a stream and a subject namespace of its own
 * (`<run prefix>-<n>`), deleted afterwards. Broker restarts: broker-restart.test.ts; what is
 * particular to NATS: nats.test.ts.
 */
import { afterAll, describe, expect } from 'vitest';
import { tempDir, uniquePrefix } from '../testing/index.js';
import { startBrokerServer } from './broker/server.js';
import { eventBusContract } from './bus.contract.js';
import { createInProcessBus } from './in-process.js';
import { NatsBus } from './nats.js';
import { RemoteBus } from './remote.js';
import { deleteStream, streamsWithPrefix } from './test/nats-helpers.js';

const NATS_URL = process.env.NATS_URL;

eventBusContract('in-process', async (logger) => {
  const bus = createInProcessBus({ logger });
  return { bus, cleanup: () => bus.close() };
});

eventBusContract('embedded broker over RemoteBus', async (logger) => {
  const { dir, cleanup } = tempDir('tessera-bus-');
  // The broker logs the poison messages it gives up itself: it shares the test's logger.
  const server = await startBrokerServer({ port: 0, logger, dataDir: dir });
  const bus = await RemoteBus.connect({ url: server.url, logger, retryDeadlineMs: 5000 });
  return {
    bus,
    cleanup: async () => {
      await bus.close();
      await server.close();
      cleanup();
    },
  };
});

describe.skipIf(!NATS_URL)('nats', () => {
  const url = NATS_URL ?? '';
  const runPrefix = uniquePrefix('bus-contract');
  let opened = 0;

  eventBusContract('NATS JetStream', async (logger) => {
    const name = `${runPrefix}-${++opened}`;
    const bus = await NatsBus.connect({
      url,
      logger,
      name: 'tessera-bus-contract',
      stream: name,
      subjectPrefix: `${name}.`,
      connectTimeoutMs: 5000,
    });
    return {
      bus,
      cleanup: async () => {
        await bus.close();
        await deleteStream(url, name);
      },
    };
  });

  afterAll(async () => {
    // Every opened bus has removed its stream: nothing of this run is left on the server.
    expect(await streamsWithPrefix(url, runPrefix)).toEqual([]);
  });
});
