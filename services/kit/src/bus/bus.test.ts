/**
 * Runs the event-bus contract against NATS JetStream when NATS_URL is set: each opened bus gets a
 * stream and a subject namespace of its own (`<run prefix>-<n>`), deleted afterwards. What is
 * particular to NATS: nats.test.ts. The embedded adapters run the same contract in
 * services/embedded (in-process) and services/broker (the broker process through RemoteBus).
 */
import { afterAll, describe, expect } from 'vitest';
import { uniquePrefix } from '../testing/index.js';
import { eventBusContract } from '../contracts/index.js';
import { NatsBus } from './nats.js';
import { deleteStream, streamsWithPrefix } from './test/nats-helpers.js';

const NATS_URL = process.env.NATS_URL;

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
