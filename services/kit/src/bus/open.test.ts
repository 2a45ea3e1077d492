/** openEventBus picks the adapter from configuration and fails clearly when its server is not there. */
import { describe, expect, it, onTestFinished } from 'vitest';
import { tempDir, testLogger } from '../testing/index.js';
import { closedPort } from '../testing/ports.js';
import { encode, roundTrip } from './bus.contract.js';
import { InProcessBus } from './embedded/in-process.js';
import { openEventBus } from './open.js';
import { BusError } from './subjects.js';

const logger = testLogger('bus-open');

describe('openEventBus', () => {
  it('without URLs opens an in-process bus', async () => {
    const bus = await openEventBus({ logger, name: 'test' });
    onTestFinished(() => bus.close());
    expect(bus.inner).toBeInstanceOf(InProcessBus);
    expect(bus.system).toBe('tessera_broker');
    await roundTrip(bus);
  });

  it('without URLs but with a data folder keeps the in-process bus in `<dataDir>/bus`', async () => {
    const { dir, cleanup } = tempDir('tessera-bus-open-');
    onTestFinished(cleanup);
    const first = await openEventBus({ logger, name: 'test', dataDir: dir });
    await first.publish('tessera.open.kept', encode('kept'), { msgId: 'kept' });
    await first.close();
    const again = await openEventBus({ logger, name: 'test', dataDir: dir });
    onTestFinished(() => again.close());
    expect(await again.lastSeq()).toBe(1);
    expect(await again.publish('tessera.open.kept', encode('kept'), { msgId: 'kept' })).toEqual({
      seq: 1,
      duplicate: true,
    });
  });

  it('with a busUrl nobody answers on fails with a clear BusError', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const opening = openEventBus({ busUrl: url, logger, name: 'test', connectTimeoutMs: 500 });
    await expect(opening).rejects.toBeInstanceOf(BusError);
    await expect(opening).rejects.toThrow(/event broker at .* is not reachable/);
  });

  it('with natsUrl uses NATS (before busUrl) and fails with a clear BusError when it is not there', async () => {
    const natsUrl = `nats://127.0.0.1:${await closedPort()}`;
    const opening = openEventBus({
      natsUrl,
      busUrl: 'http://127.0.0.1:1',
      logger,
      name: 'test',
      connectTimeoutMs: 500,
    });
    await expect(opening).rejects.toThrow(/NATS at .* is not reachable/);
  });
});
