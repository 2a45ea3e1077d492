/**
 * The broker process's contract: the event-bus contract suite run through RemoteBus against a real
 * broker server on port 0 over a temporary folder, and `openEventBus` reaching it by BUS_URL (what
 * every service does under `npm start`). Restarts on the same folder: broker-restart.test.ts.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { openEventBus } from '@tessera/kit';
import { eventBusContract, roundTrip } from '@tessera/kit/contracts';
import { tempDir, testLogger } from '@tessera/kit/testing';
import { startBrokerServer } from './setup.js';
import { RemoteBus } from '@tessera/embedded';
import { loadEmbedded } from '@tessera/embedded/load';

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

describe('openEventBus with BUS_URL', () => {
  it('connects to the broker process', async () => {
    const logger = testLogger('bus-open');
    const server = await startBrokerServer({ port: 0, logger });
    onTestFinished(() => server.close());
    const bus = await openEventBus({ busUrl: server.url, logger, name: 'test', embedded: loadEmbedded });
    onTestFinished(() => bus.close());
    expect(bus.inner).toBeInstanceOf(RemoteBus);
    expect(bus.system).toBe('tessera_broker');
    await roundTrip(bus);
  });
});
