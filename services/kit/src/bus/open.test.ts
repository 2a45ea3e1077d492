/** openEventBus picks NATS first and fails clearly when it is not there (the embedded choices: services/embedded). */
import { describe, expect, it } from 'vitest';
import { testLogger } from '../testing/index.js';
import { closedPort } from '../testing/ports.js';
import { openEventBus } from './open.js';

const logger = testLogger('bus-open');

describe('openEventBus', () => {
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
