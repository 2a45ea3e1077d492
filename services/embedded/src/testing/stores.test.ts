import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/in-process.js';
import { openTestStores } from './stores.js';
import { tempDir } from '@tessera/kit/testing';

const publish = (bus: ReturnType<typeof createInProcessBus>) =>
  bus.publish('tessera.test.stores', new Uint8Array([1]), { msgId: `m-${Math.random()}` });

describe('openTestStores', () => {
  it('closes and removes what it made', async () => {
    const s = await openTestStores({ prefix: 'tessera-stores-' });
    await (await s.store.collection<{ _id: string }>('things')).insertOne({ _id: 'a' });
    await publish(s.bus);
    await s.close();
    expect(fs.existsSync(s.dir)).toBe(false);
    await expect(publish(s.bus)).rejects.toThrow();
  });

  it("leaves the caller's bus open and the caller's folder in place", async () => {
    const bus = createInProcessBus();
    const tmp = tempDir('tessera-stores-given-');
    try {
      const s = await openTestStores({ dir: tmp.dir, bus });
      expect(s.dir).toBe(tmp.dir);
      expect(s.bus).toBe(bus);
      await s.close();
      expect(fs.existsSync(tmp.dir)).toBe(true);
      await expect(publish(bus)).resolves.toBeDefined();
    } finally {
      await bus.close();
      tmp.cleanup();
    }
  });

  it('keeps a folder it made when asked, and reopens the store on the same data', async () => {
    const s = await openTestStores({ prefix: 'tessera-stores-keep-' });
    await (await s.store.collection<{ _id: string }>('things')).insertOne({ _id: 'kept' });
    const reopened = await s.reopen();
    expect(reopened).toBe(s.store);
    expect(await (await s.store.collection<{ _id: string }>('things')).findOne({ _id: 'kept' })).toEqual({
      _id: 'kept',
    });
    await s.close({ keep: true });
    expect(fs.existsSync(s.dir)).toBe(true);
    const again = await openTestStores({ dir: s.dir });
    expect(await (await again.store.collection<{ _id: string }>('things')).findOne({ _id: 'kept' })).toEqual({
      _id: 'kept',
    });
    await again.close();
    fs.rmSync(s.dir, { recursive: true, force: true });
  });
});
