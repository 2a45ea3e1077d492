import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { create, toBinary } from '@bufbuild/protobuf';
import { createClient, createRouterTransport, type Client } from '@connectrpc/connect';
import { createPeerClient, type EventBus } from '@tessera/kit';
import { eventually, tempDir, testLogger, startTestRpcServer } from '@tessera/kit/testing';
import { canvasPixelOf } from '@tessera/facts/grid';
import { CanvasService as CanvasRpc } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { PixelsCommittedSchema } from '@tessera/proto/tessera/events/v1/events_pb.js';
import {
  ImageFormat,
  RendererService as RendererRpc,
} from '@tessera/proto/tessera/renderer/v1/renderer_pb.js';
import {
  canvasRoutes,
  createCanvas,
  startCanvasServer,
  testArt,
  testArtRgb,
  type CanvasService,
} from '@tessera/canvas/testing';
import { type DocumentStore } from '@tessera/kit';
import { routes as rendererRoutes, SERVICES } from '../routes.js';
import { startRenderer } from '../setup.js';
import { sharpImages } from '../adapters/sharp-images.js';
import { FrameStore } from './frames.js';
import { RendererService } from './renderer-service.js';
import { createInProcessBus, createEmbeddedDocumentStore } from '@tessera/embedded';

let tmp: ReturnType<typeof tempDir>;
let store: DocumentStore;
let bus: EventBus;
let canvasCore: CanvasService;
let canvas: Client<typeof CanvasRpc>;
let renderer: { core: RendererService; close(): Promise<void> };
let client: Client<typeof RendererRpc>;
let c: number;

/** One order of `userId` on board `boardIndex` of the test canvas, committed by the canvas service. */
const sell = (
  orderId: string,
  userId: string,
  boardIndex: number,
  pixel: { x: number; y: number; color?: string; isDefault?: boolean },
) => canvas.commitOrder({ orderId, canvasIndex: c, boardIndex, userId, pixels: [pixel] });

beforeAll(async () => {
  tmp = tempDir('tessera-renderer-');
  store = await createEmbeddedDocumentStore(tmp.dir);
  bus = createInProcessBus();
  canvasCore = await createCanvas({ store, bus, logger: testLogger('canvas') });
  c = (await canvasCore.createCanvas({ name: 'art', description: '', colorsOf: testArt, activate: true }))
    .canvasIndex;
  canvas = createClient(CanvasRpc, createRouterTransport(canvasRoutes(canvasCore)));
  // a sale before the renderer starts: the frame must show it from the canvas service
  await sell('early', 'u0', 0, { x: 0, y: 0, color: '#102030' });
  renderer = await startRenderer({
    canvas,
    bus,
    logger: testLogger('renderer'),
    durable: 'renderer-test',
    warmDelayMs: -1,
  });
  client = createClient(RendererRpc, createRouterTransport(rendererRoutes(renderer.core)));
}, 60_000);

afterAll(async () => {
  await renderer.close();
  await bus.close();
  await store.close();
  tmp.cleanup();
});

const artRgb = testArtRgb;
const at = (board: number, x: number, y: number) => {
  const p = canvasPixelOf(board, x, y);
  return [p.x, p.y] as const;
};

async function decode(data: Uint8Array) {
  const { data: raw, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    info,
    px: (cx: number, cy: number) => [
      ...raw.subarray((cy * info.width + cx) * 3, (cy * info.width + cx) * 3 + 3),
    ],
  };
}

async function render(
  preview: boolean,
  format: ImageFormat,
  opts: { scale?: number; quality?: number; grid?: boolean; ifNoneMatch?: string } = {},
) {
  const { image } = await client.renderComposite({
    canvasIndex: c,
    format,
    preview,
    scale: opts.scale ?? 1,
    quality: opts.quality ?? 100,
    grid: opts.grid ?? false,
    ifNoneMatch: opts.ifNoneMatch ?? '',
  });
  return image!;
}

/** Sampled pixels of several boards: [board, x, y]. */
const SAMPLES = [
  [0, 0, 0],
  [0, 1, 0],
  [37, 10, 20],
  [312, 48, 0],
  [624, 48, 48],
  [100, 5, 5],
] as const;

async function expectFrames(sold: Map<string, number[]>) {
  for (const format of [ImageFormat.PNG, ImageFormat.WEBP]) {
    for (const preview of [false, true]) {
      const img = await render(preview, format);
      expect(img.contentType).toBe(format === ImageFormat.PNG ? 'image/png' : 'image/webp');
      const { info, px } = await decode(img.data);
      expect([info.width, info.height]).toEqual([1225, 1225]);
      for (const [b, x, y] of SAMPLES) {
        const want = sold.get(`${b}:${x}:${y}`) ?? (preview ? artRgb(b, x, y) : [255, 255, 255]);
        expect(
          px(...at(b, x, y)),
          `${preview ? 'preview' : 'live'} ${format} board ${b} (${x},${y})`,
        ).toEqual(want);
      }
    }
  }
}

describe('composite rendering', () => {
  it('renders live and preview exactly, before and after a commit, without a rebuild', async () => {
    const sold = new Map([['0:0:0', [0x10, 0x20, 0x30]]]);
    await expectFrames(sold);
    const before = (await render(false, ImageFormat.PNG)).etag;
    await sell('o1', 'u1', 312, { x: 48, y: 0, color: '#ABCDEF' });
    await sell('o2', 'u2', 100, { x: 5, y: 5, isDefault: true });
    await eventually(
      async () =>
        (await render(false, ImageFormat.PNG)).etag !== before && renderer.core.frames.loaded().length === 1,
    );
    await eventually(async () => {
      const { px } = await decode((await render(false, ImageFormat.PNG)).data);
      return px(...at(100, 5, 5))[0] !== 255;
    });
    sold.set('312:48:0', [0xab, 0xcd, 0xef]);
    sold.set('100:5:5', artRgb(100, 5, 5));
    await expectFrames(sold);
  });

  it('answers not_modified for a matching If-None-Match and never encodes twice for one version', async () => {
    const first = await render(true, ImageFormat.WEBP, { quality: 95 });
    expect(first.etag).toMatch(/^"c\d+-v\d+-/);
    const misses = renderer.core.cache.misses;
    const again = await render(true, ImageFormat.WEBP, { quality: 95 });
    expect(again.etag).toBe(first.etag);
    expect(Buffer.from(again.data).equals(Buffer.from(first.data))).toBe(true);
    expect(renderer.core.cache.misses).toBe(misses);
    const nm = await render(true, ImageFormat.WEBP, { quality: 95, ifNoneMatch: first.etag });
    expect(nm.notModified).toBe(true);
    expect(nm.data).toHaveLength(0);
    // webp at the page's quality 95 is near-lossless: every sampled channel within 8 of the exact colour
    // (quality 100, lossless, is checked exactly above)
    const { px } = await decode(first.data);
    const exact = await decode((await render(true, ImageFormat.PNG)).data);
    for (const [b, x, y] of SAMPLES) {
      const got = px(...at(b, x, y));
      const want = exact.px(...at(b, x, y));
      const off = Math.max(...got.map((v, i) => Math.abs(v - want[i]!)));
      expect(off, `preview webp q95 board ${b} (${x},${y}): ${got} vs ${want}`).toBeLessThanOrEqual(8);
    }
  });

  it('ignores a redelivered event', async () => {
    const ev = create(PixelsCommittedSchema, {
      orderId: 'o1',
      canvasIndex: c,
      boardIndex: 312,
      userId: 'u1',
      pixels: [{ x: 48, y: 0, color: '#ABCDEF' }],
      boardVersion: 1,
    });
    await bus.publish('tessera.pixels.committed', toBinary(PixelsCommittedSchema, ev), {
      msgId: 'redelivered-o1',
    });
    // the renderer applies events in stream order: once a later sale shows, the redelivered event
    // has been handled
    await sell('after-redelivery', 'u3', 200, { x: 1, y: 1, color: '#123456' });
    await eventually(async () => {
      const { px } = await decode((await render(false, ImageFormat.PNG)).data);
      return px(...at(200, 1, 1))[0] === 0x12;
    });
    // applied again, it would count as an out-of-order change (`-l1` in the tag)
    expect((await render(false, ImageFormat.PNG)).etag).toMatch(/^"c\d+-v\d+-[0-9a-z]+-live-/);
  });

  it('scales, draws the grid, validates parameters and renders thumbnails', async () => {
    const big = await render(false, ImageFormat.PNG, { scale: 2, grid: true });
    const { info, px } = await decode(big.data);
    expect(info.width).toBe(2450);
    // board 312 pixel (48,0) at scale 2: both output pixels sold colour
    const [x, y] = at(312, 48, 0);
    expect(px(2 * x + 1, 2 * y + 1)).toEqual([0xab, 0xcd, 0xef]);
    expect(px(49 * 2, 5)).toEqual([179, 179, 179]); // grid line over white
    await expect(render(false, ImageFormat.PNG, { scale: 5 })).rejects.toThrow(/scale/);
    await expect(
      client.renderComposite({ canvasIndex: 99, format: ImageFormat.PNG, scale: 1, quality: 90 }),
    ).rejects.toThrow(/not found/);
    // past the contracts' int32: refused like in every service, never asked of the canvas service
    await expect(
      renderer.core.renderComposite({
        canvasIndex: 2_147_483_648,
        format: ImageFormat.PNG,
        scale: 1,
        quality: 90,
        grid: false,
        preview: false,
        ifNoneMatch: '',
      }),
    ).rejects.toThrow('canvas_index must be an integer from 0 to 2147483647');
    const { image } = await client.renderBoardThumbnail({
      canvasIndex: c,
      boardIndex: 312,
      format: ImageFormat.PNG,
      scale: 1,
    });
    const thumb = await decode(image!.data);
    expect(thumb.info.width).toBe(49);
    expect(thumb.px(48, 0)).toEqual([0xab, 0xcd, 0xef]);
  });
});

describe('pre-encoding after changes', () => {
  it('re-encodes only the page images someone asked for, and those ahead of their next request', async () => {
    const logger = testLogger('warm');
    const core = new RendererService({
      frames: new FrameStore(canvas, logger),
      images: sharpImages,
      logger,
      warmDelayMs: 10,
      minEncodeIntervalMs: 0,
    });
    const change = (n: number) =>
      core.frames.apply(
        create(PixelsCommittedSchema, {
          orderId: `warm-${n}`,
          canvasIndex: c,
          boardIndex: 400,
          userId: 'u-warm',
          pixels: [{ x: n, y: 3, color: n % 2 ? '#112233' : '#445566' }],
          boardVersion: 1000 + n,
        }),
      );
    const preview = (ifNoneMatch = '') =>
      core.renderComposite({
        canvasIndex: c,
        format: ImageFormat.WEBP,
        scale: 1,
        quality: 95,
        grid: false,
        preview: true,
        ifNoneMatch,
      });
    let stored = 0; // images put in the cache (an encode finished)
    const put = core.cache.put.bind(core.cache);
    core.cache.put = (key, img) => {
      stored++;
      put(key, img);
    };
    try {
      await core.frames.get(c);
      change(1);
      // nobody asked for an image of this canvas: nothing to pre-encode (no signal exists for an
      // encode that does not happen; 300 ms is 30 times the warm delay)
      await new Promise((r) => setTimeout(r, 300));
      expect(core.schedule.encodes).toBe(0);
      const first = await preview();
      expect(core.schedule.encodes).toBe(1);
      change(2);
      // the preview was asked for: re-encoded after the change, before anyone asks again
      await eventually(() => expect(stored).toBe(2));
      expect(core.schedule.encodes).toBe(2);
      const misses = core.cache.misses;
      const second = await preview(first.etag);
      expect(second.etag).not.toBe(first.etag);
      expect(core.cache.misses).toBe(misses); // a cache hit
      // the live view was never asked for: still only the preview's two encodes
      await new Promise((r) => setTimeout(r, 300));
      expect(core.schedule.encodes).toBe(2);
    } finally {
      core.close();
    }
  });
});

describe('over real HTTP/2 servers', () => {
  it('serves the composite through a Connect client on port 0', async () => {
    const logger = testLogger('rpc');
    const canvasServer = await startCanvasServer(canvasCore, logger);
    const bus2 = createInProcessBus();
    const r2 = await startRenderer({
      canvas: createPeerClient(CanvasRpc, canvasServer.url),
      bus: bus2,
      logger,
      durable: 'renderer-http',
      warmDelayMs: -1,
    });
    const server = await startTestRpcServer({
      name: 'renderer',
      logger,
      routes: rendererRoutes(r2.core),
      services: SERVICES,
    });
    try {
      const peer = createPeerClient(RendererRpc, server.url);
      const { image } = await peer.renderComposite({
        canvasIndex: c,
        format: ImageFormat.PNG,
        scale: 1,
        preview: true,
      });
      const { px } = await decode(image!.data);
      expect(px(...at(312, 48, 0))).toEqual([0xab, 0xcd, 0xef]);
      expect(px(...at(37, 10, 20))).toEqual(artRgb(37, 10, 20));
    } finally {
      await server.close(100);
      await r2.close();
      await bus2.close();
      await canvasServer.close(100);
    }
  }, 30_000);
});
