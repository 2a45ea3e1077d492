/**
 * The kit's `open*` factories composed with the embedded backends (`loadEmbedded`), as a service's
 * `main.ts` composes them: without a URL each opens its embedded adapter, and the event bus fails
 * clearly when the broker process it is pointed at is not there.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { BusError, openDocumentStore, openEventBus, openKeyValueStore, openObjectStore } from '@tessera/kit';
import { encode, roundTrip } from '@tessera/kit/contracts';
import { closedPort, tempDir, testLogger } from '@tessera/kit/testing';
import { EmbeddedDocumentStore } from './docstore/store.js';
import { InProcessBus } from './bus/in-process.js';
import { MemoryKeyValueStore } from './kv/memory.js';
import { EmbeddedObjectStore } from './objects/files.js';
import { loadEmbedded } from './load.js';

const logger = testLogger('embedded-open');

describe('openEventBus with the embedded backends', () => {
  it('without URLs opens an in-process bus', async () => {
    const bus = await openEventBus({ logger, name: 'test', embedded: loadEmbedded });
    onTestFinished(() => bus.close());
    expect(bus.inner).toBeInstanceOf(InProcessBus);
    expect(bus.system).toBe('tessera_broker');
    await roundTrip(bus);
  });

  it('without URLs but with a data folder keeps the in-process bus in `<dataDir>/bus`', async () => {
    const { dir, cleanup } = tempDir('tessera-bus-open-');
    onTestFinished(cleanup);
    const first = await openEventBus({ logger, name: 'test', dataDir: dir, embedded: loadEmbedded });
    await first.publish('tessera.open.kept', encode('kept'), { msgId: 'kept' });
    await first.close();
    const again = await openEventBus({ logger, name: 'test', dataDir: dir, embedded: loadEmbedded });
    onTestFinished(() => again.close());
    expect(await again.lastSeq()).toBe(1);
    expect(await again.publish('tessera.open.kept', encode('kept'), { msgId: 'kept' })).toEqual({
      seq: 1,
      duplicate: true,
    });
  });

  it('with a busUrl nobody answers on fails with a clear BusError', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const opening = openEventBus({
      busUrl: url,
      logger,
      name: 'test',
      connectTimeoutMs: 500,
      embedded: loadEmbedded,
    });
    await expect(opening).rejects.toBeInstanceOf(BusError);
    await expect(opening).rejects.toThrow(/event broker at .* is not reachable/);
  });
});

describe('the stores with the embedded backends', () => {
  it('openKeyValueStore without a URL opens the in-process store', async () => {
    const kv = await openKeyValueStore({ logger, embedded: loadEmbedded });
    onTestFinished(() => kv.close());
    expect(kv).toBeInstanceOf(MemoryKeyValueStore);
  });

  it('openDocumentStore and openObjectStore without a URL open the file stores in their folders', async () => {
    const { dir, cleanup } = tempDir('tessera-embedded-open-');
    onTestFinished(cleanup);
    const store = await openDocumentStore({
      dataDir: `${dir}/docs`,
      database: 'unused',
      logger,
      embedded: loadEmbedded,
    });
    onTestFinished(() => store.close());
    expect(store).toBeInstanceOf(EmbeddedDocumentStore);
    await (await store.collection('kept')).insertOne({ _id: 'a' });
    const objects = await openObjectStore({
      dir: `${dir}/objects`,
      database: 'unused',
      logger,
      embedded: loadEmbedded,
    });
    onTestFinished(() => objects.close());
    expect(objects).toBeInstanceOf(EmbeddedObjectStore);
    await objects.put('k', new Uint8Array([1]), { contentType: 'image/png' });
    expect((await objects.get('k'))?.data).toEqual(new Uint8Array([1]));
  });
});
