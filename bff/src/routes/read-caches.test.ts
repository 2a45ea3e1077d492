import { beforeAll, describe, expect, it, vi } from 'vitest';
import zlib from 'node:zlib';
import { canvasClientOf } from '@tessera/renderer/testing';
import type { Board } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { testLogger } from '@tessera/kit/testing';
import { sharedBffStack } from '../canvas/test/stack.js';
import { readCaches } from '../canvas/read-caches.js';
import { BoardCache } from '../canvas/board-cache.js';
import { ChangeFeed, type CanvasChange } from '../canvas/change-feed.js';
import { CompositeCache, type CompositeImage } from '../canvas/composite-cache.js';
import { createInProcessBus } from '@tessera/embedded';

const s = sharedBffStack();
let c: number;
let order = 0;
const get = s.get;

beforeAll(async () => {
  c = s.canvasIndex;
  await s.stack.rendererCore.frames.get(c);
}, 60_000);

/** Resolves when the BFF's change feed has seen a change matching `match`. */
function changeSeen(match: (ch: CanvasChange) => boolean): Promise<void> {
  return new Promise((resolve) => readCaches(s.bff.deps).feed.listen((ch) => match(ch) && resolve()));
}

async function commit(boardIndex: number, x: number, y: number, color: string) {
  const seen = changeSeen((ch) => ch.kind === 'committed' && ch.boardIndex === boardIndex);
  await canvasClientOf(s.stack.canvasCore).commitOrder({
    orderId: `o-cache-${++order}`,
    canvasIndex: c,
    boardIndex,
    userId: `u-${order}`,
    pixels: [{ x, y, color }],
  });
  await seen;
}

type Pixel = { x: number; y: number; current_color: string; user_id: string | null };
const pixelOf = (body: { data: Pixel[] }, x: number, y: number) =>
  body.data.find((p) => p.x === x && p.y === y)!;

describe('board pixels from the BFF cache', () => {
  it('serves a hit from memory, compressed as negotiated, and a commit changes the very next read', async () => {
    const { boards } = readCaches(s.bff.deps);
    const path = `/api/pixels/canvas/${c}/board/21`;
    const first = await get(path, { 'Accept-Encoding': 'identity' });
    const json = Buffer.from(await first.arrayBuffer());
    expect(first.headers.get('content-encoding')).toBeNull();
    const hits = boards.hits;
    const br = await get(path, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/);
    const brBytes = Buffer.from(await br.arrayBuffer()); // fetch decodes it
    expect(brBytes.equals(json)).toBe(true);
    const gz = await get(path, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(boards.hits).toBe(hits + 2); // neither read crossed to the canvas service
    const raw = await boards.get(c, 21);
    console.log(
      `board JSON ${raw!.jsonBytes} B, brotli ${raw!.br.length} B, gzip ${raw!.gzip.length} B (fresh board)`,
    );
    expect(raw!.br.length).toBeLessThan(20_000);
    expect(zlib.brotliDecompressSync(raw!.br).equals(json)).toBe(true);
    expect(raw!.jsonBytes).toBe(json.length);

    const etag = first.headers.get('etag')!;
    await commit(21, 10, 11, '#ABCDEF');
    // no TTL, no waiting: the read right after the event shows the pixel, with a new ETag
    const after = await get(path);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(pixelOf((await after.json()) as { data: Pixel[] }, 10, 11)).toMatchObject({
      current_color: '#ABCDEF',
      user_id: `u-${order}`,
    });
    expect((await get(path, { 'If-None-Match': etag })).status).toBe(200);
    expect((await get(path, { 'If-None-Match': after.headers.get('etag')! })).status).toBe(304);
    // a client that takes no compression: the same ETag and revalidation, the JSON uncompressed
    const plain = await get(path, { 'Accept-Encoding': 'identity', 'If-None-Match': etag });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(plain.headers.get('etag')).toBe(after.headers.get('etag'));
    expect(pixelOf((await plain.json()) as { data: Pixel[] }, 10, 11).current_color).toBe('#ABCDEF');
    const same = await get(path, {
      'Accept-Encoding': 'identity',
      'If-None-Match': after.headers.get('etag')!,
    });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
  });
});

describe('the composite from the BFF cache', () => {
  it('serves a hit without the renderer, and a commit changes the next read', async () => {
    const { composites } = readCaches(s.bff.deps);
    const path = `/api/canvas-composite/canvas/${c}/render?format=webp&scale=1&quality=95&grid=false&preview=false`;
    const first = await get(path);
    const etag = first.headers.get('etag')!;
    const hits = composites.hits;
    const encodes = s.stack.rendererCore.schedule.encodes;
    const again = await get(path);
    expect(again.headers.get('etag')).toBe(etag);
    expect(composites.hits).toBe(hits + 1);
    await commit(30, 1, 2, '#00FF00');
    const after = await get(path);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(s.stack.rendererCore.schedule.encodes).toBe(encodes + 1);
  });
});

describe('BoardCache and changes that race a read', () => {
  const board = (version: number) =>
    ({
      boardIndex: 3,
      version,
      ownerIds: [],
      ownerSlots: new Uint8Array(),
      currentColors: new Uint8Array(),
      defaultColors: new Uint8Array(),
    }) as unknown as Board;
  /** Waits until the loader has been called `n` times in all (its calls are the signal). */
  const loadsReach = (loads: unknown[], n: number) => vi.waitFor(() => expect(loads).toHaveLength(n));

  function harness() {
    const feed = new ChangeFeed(createInProcessBus(), testLogger('feed'));
    const loads: { version: number; release: () => void }[] = [];
    let nextVersion = 1;
    const cache = new BoardCache(feed, async () => {
      const version = nextVersion;
      await new Promise<void>((release) => loads.push({ version, release }));
      return board(version);
    });
    return {
      feed,
      cache,
      loads,
      setVersion: (v: number) => (nextVersion = v),
    };
  }

  it('never keeps a read that a commit overtook, and keeps one that already has the commit', async () => {
    const h = harness();
    await h.feed.live();
    const read1 = h.cache.get(0, 3); // reads version 1 ...
    await loadsReach(h.loads, 1);
    h.feed.emit({ kind: 'committed', canvasIndex: 0, boardIndex: 3, boardVersion: 2, canvasVersion: 2 }); // ... v2 is committed meanwhile
    h.setVersion(2);
    h.loads[0]!.release();
    expect((await read1)!.version).toBe(1);
    // the stale read was not kept: the next request reads again and gets version 2
    const read2 = h.cache.get(0, 3);
    await loadsReach(h.loads, 2);
    h.loads[1]!.release();
    expect((await read2)!.version).toBe(2);
    // a late event for a version the entry already has keeps it
    h.feed.emit({ kind: 'committed', canvasIndex: 0, boardIndex: 3, boardVersion: 2, canvasVersion: 2 });
    expect((await h.cache.get(0, 3))!.version).toBe(2);
    expect(h.loads).toHaveLength(2);
    // a reset (no version) drops it
    h.feed.emit({ kind: 'reset', canvasIndex: 0, boardIndex: 3 });
    h.setVersion(3);
    const read3 = h.cache.get(0, 3);
    await loadsReach(h.loads, 3);
    h.loads[2]!.release();
    expect((await read3)!.version).toBe(3);
  });

  it.each([
    ['reset', { kind: 'reset', canvasIndex: 0, boardIndex: 3 }],
    ['commit', { kind: 'committed', canvasIndex: 0, boardIndex: 3, boardVersion: 2, canvasVersion: 2 }],
  ] as [string, CanvasChange][])(
    'does not let a request after a %s join a read from before it',
    async (_kind, change) => {
      const h = harness();
      await h.feed.live();
      const before = h.cache.get(0, 3);
      const joined = h.cache.get(0, 3); // before the change: shares the read
      await loadsReach(h.loads, 1);
      h.feed.emit(change);
      h.setVersion(2);
      const afterChange = h.cache.get(0, 3);
      await loadsReach(h.loads, 2);
      h.loads.forEach((l) => l.release());
      expect((await before)!.version).toBe(1);
      expect((await joined)!.version).toBe(1);
      expect((await afterChange)!.version).toBe(2);
    },
  );
});

describe('CompositeCache and a renderer that has not seen the commit yet', () => {
  it('keeps an image older than the last commit only briefly, and a current one until the next change', async () => {
    const feed = new ChangeFeed(createInProcessBus(), testLogger('feed'));
    await feed.live();
    let rendererVersion = 9;
    let loads = 0;
    const cache = new CompositeCache(
      feed,
      async (): Promise<CompositeImage> => {
        loads++;
        const v = rendererVersion;
        return { etag: `"v${v}"`, contentType: 'image/webp', data: Buffer.from([v]), version: v };
      },
      30,
    );
    const key = { canvasIndex: 0, preview: false, format: 'webp' as const, scale: 1, quality: 95 };
    feed.emit({ kind: 'committed', canvasIndex: 0, boardIndex: 1, boardVersion: 1, canvasVersion: 10 });
    // the renderer still shows version 9: served, kept for 30 ms only
    expect((await cache.get(key)).version).toBe(9);
    expect((await cache.get(key)).version).toBe(9);
    expect(loads).toBe(1);
    rendererVersion = 10; // the renderer applied the commit
    await new Promise((r) => setTimeout(r, 60)); // past the 30 ms (no event exists for "the renderer caught up")
    expect((await cache.get(key)).version).toBe(10);
    expect(loads).toBe(2);
    // current: kept until the next change, however long
    await new Promise((r) => setTimeout(r, 60));
    expect((await cache.get(key)).version).toBe(10);
    expect(loads).toBe(2);
  });

  it('does not let a request after a change join a read from before it', async () => {
    const feed = new ChangeFeed(createInProcessBus(), testLogger('feed'));
    await feed.live();
    const renders: { version: number; release: () => void }[] = [];
    let rendererVersion = 1;
    const cache = new CompositeCache(feed, async (): Promise<CompositeImage> => {
      const v = rendererVersion;
      await new Promise<void>((release) => renders.push({ version: v, release }));
      return { etag: `"v${v}"`, contentType: 'image/webp', data: Buffer.from([v]), version: v };
    });
    const key = { canvasIndex: 0, preview: false, format: 'webp' as const, scale: 1, quality: 95 };
    const before = cache.get(key);
    const joined = cache.get(key);
    await vi.waitFor(() => expect(renders).toHaveLength(1));
    feed.emit({ kind: 'committed', canvasIndex: 0, boardIndex: 1, boardVersion: 2, canvasVersion: 2 });
    rendererVersion = 2;
    const afterChange = cache.get(key);
    await vi.waitFor(() => expect(renders).toHaveLength(2));
    renders.forEach((r) => r.release());
    expect((await before).version).toBe(1);
    expect((await joined).version).toBe(1);
    expect((await afterChange).version).toBe(2);
  });
});
