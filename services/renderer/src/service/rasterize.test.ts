// RasterizeArtwork over a real HTTP/2 server on port 0: known images decoded to 1225 x 1225 packed
// RGB (contain on white, centred), sampled pixels checked; bad input refused; one rasterise at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { Code, ConnectError, createClient, createRouterTransport, type Client } from '@connectrpc/connect';
import { createPeerClient, type RpcServer } from '@tessera/kit';
import { rpcError, testLogger, startTestRpcServer } from '@tessera/kit/testing';
import { CanvasService as CanvasRpc } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { RendererService as RendererRpc } from '@tessera/proto/tessera/renderer/v1/renderer_pb.js';
import { routes, SERVICES } from '../routes.js';
import { FrameStore } from './frames.js';
import { sharpImages } from '../adapters/sharp-images.js';
import type { ImageCodec } from './ports.js';
import { IMAGE_MAX_BYTES } from '@tessera/facts/artwork';
import { CANVAS_RGB_BYTES } from '@tessera/facts/grid';
import { ArtworkRasterizer, BUSY_MESSAGE } from './rasterize.js';
import { RendererService } from './renderer-service.js';

const SIDE = 1225;
type Rgb = [number, number, number];
const RED: Rgb = [230, 20, 30];
const BLUE: Rgb = [20, 40, 220];
const GREEN: Rgb = [30, 200, 60];
const WHITE: Rgb = [255, 255, 255];

let server: RpcServer;
let client: Client<typeof RendererRpc>;

beforeAll(async () => {
  const logger = testLogger('renderer');
  // rasterising needs no canvas: the frame store's client is never called here
  const canvas = createClient(
    CanvasRpc,
    createRouterTransport(() => undefined),
  );
  const core = new RendererService({
    frames: new FrameStore(canvas, logger),
    images: sharpImages,
    logger,
    warmDelayMs: -1,
  });
  server = await startTestRpcServer({
    name: 'renderer',
    logger,
    routes: routes(core),
    services: SERVICES,
  });
  client = createPeerClient(RendererRpc, server.url, { timeoutMs: 30_000 });
});
afterAll(() => server?.close(100));

/** A w x h image painted by `color(x, y)`. */
function raw(w: number, h: number, channels: 3 | 4, color: (x: number, y: number) => number[]) {
  const data = Buffer.alloc(w * h * channels);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set(color(x, y), (y * w + x) * channels);
  return sharp(data, { raw: { width: w, height: h, channels } });
}

const at = (rgb: Uint8Array, x: number, y: number): Rgb => {
  const o = (y * SIDE + x) * 3;
  return [rgb[o]!, rgb[o + 1]!, rgb[o + 2]!];
};

function near(actual: Rgb, expected: Rgb, tolerance: number, where: string) {
  const off = actual.map((v, i) => Math.abs(v - expected[i]!));
  expect(Math.max(...off), `${where}: ${actual.join(',')} vs ${expected.join(',')}`).toBeLessThanOrEqual(
    tolerance,
  );
}

async function rasterize(image: Buffer): Promise<Uint8Array> {
  const { defaultColors } = await client.rasterizeArtwork({ image });
  expect(defaultColors.length).toBe(CANVAS_RGB_BYTES);
  return defaultColors;
}

const refusal = (image: Uint8Array) => rpcError(client.rasterizeArtwork({ image }));

describe('RasterizeArtwork', () => {
  it('fits a wide PNG whole, centred, with white bands above and below', async () => {
    const png = await raw(400, 200, 3, (x) => (x < 200 ? RED : BLUE))
      .png()
      .toBuffer();
    const rgb = await rasterize(png);
    // 400 x 200 -> 1225 x 613, top band 306 rows
    expect(at(rgb, 100, 612)).toEqual(RED);
    expect(at(rgb, 1100, 612)).toEqual(BLUE);
    expect(at(rgb, 0, 306)).toEqual(RED);
    expect(at(rgb, 1224, 918)).toEqual(BLUE);
    for (const [x, y] of [
      [600, 0],
      [600, 305],
      [600, 919],
      [600, 1224],
    ] as const)
      expect(at(rgb, x, y), `(${x}, ${y})`).toEqual(WHITE);
  });

  it('keeps small pixel art crisp: a 7 x 7 PNG becomes 175 px cells, exact colours', async () => {
    const cell = (x: number, y: number): Rgb => [x * 36, y * 36, (x + y) % 2 ? 255 : 0];
    const png = await raw(7, 7, 3, cell).png().toBuffer();
    const rgb = await rasterize(png);
    for (let cy = 0; cy < 7; cy++)
      for (let cx = 0; cx < 7; cx++)
        for (const [dx, dy] of [
          [0, 0],
          [87, 87],
          [174, 174],
        ] as const)
          expect(at(rgb, cx * 175 + dx, cy * 175 + dy), `cell ${cx},${cy}`).toEqual(cell(cx, cy));
  });

  it('decodes a JPEG (quadrants within JPEG tolerance)', async () => {
    const quad = (x: number, y: number): Rgb => (y < 300 ? (x < 300 ? RED : BLUE) : x < 300 ? GREEN : WHITE);
    const jpeg = await raw(600, 600, 3, quad).jpeg({ quality: 95 }).toBuffer();
    const rgb = await rasterize(jpeg);
    near(at(rgb, 300, 300), RED, 12, 'top left');
    near(at(rgb, 900, 300), BLUE, 12, 'top right');
    near(at(rgb, 300, 900), GREEN, 12, 'bottom left');
    near(at(rgb, 900, 900), WHITE, 12, 'bottom right');
  });

  it('flattens WebP transparency onto white', async () => {
    const webp = await raw(500, 500, 4, (x) => (x < 250 ? [...GREEN, 255] : [0, 0, 0, 0]))
      .webp({ lossless: true })
      .toBuffer();
    const rgb = await rasterize(webp);
    expect(at(rgb, 300, 600)).toEqual(GREEN);
    expect(at(rgb, 900, 600)).toEqual(WHITE);
  });

  it('applies the EXIF orientation: a wide JPEG tagged "rotate 90" becomes tall', async () => {
    const jpeg = await raw(400, 200, 3, (x) => (x < 200 ? RED : BLUE))
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const rgb = await rasterize(jpeg);
    // shown 200 x 400: the left half (red) on top, centred with white bands left and right
    near(at(rgb, 612, 300), RED, 12, 'top');
    near(at(rgb, 612, 900), BLUE, 12, 'bottom');
    expect(at(rgb, 100, 612)).toEqual(WHITE);
    expect(at(rgb, 1120, 612)).toEqual(WHITE);
  });

  it('refuses what is not a PNG, JPEG or WebP image with INVALID_ARGUMENT and a clear message', async () => {
    const text = await refusal(new TextEncoder().encode('definitely not an image'));
    expect(text.code).toBe(Code.InvalidArgument);
    expect(text.rawMessage).toBe('The file is not an image that can be read (PNG, JPEG or WebP)');
    const gif = await refusal(
      await raw(10, 10, 3, () => RED)
        .gif()
        .toBuffer(),
    );
    expect(gif.code).toBe(Code.InvalidArgument);
    expect(gif.rawMessage).toBe('Only PNG, JPEG and WebP images can be rasterised (got gif)');
    expect((await refusal(new Uint8Array())).code).toBe(Code.InvalidArgument);
    const big = await refusal(new Uint8Array(IMAGE_MAX_BYTES + 1));
    expect(big.code).toBe(Code.InvalidArgument);
    expect(big.rawMessage).toMatch(/at most 10485760 bytes/);
    const png = await raw(20, 20, 3, () => BLUE)
      .png()
      .toBuffer();
    const truncated = await refusal(png.subarray(0, png.length - 30));
    expect(truncated.code).toBe(Code.InvalidArgument);
  });

  it('refuses an image whose header claims more pixels than the limit, without decoding it', async () => {
    const png = await raw(16, 16, 3, () => RED)
      .png()
      .toBuffer();
    const huge = withPngSize(png, 9000, 9000);
    const err = await refusal(huge);
    expect(err.code).toBe(Code.InvalidArgument);
    expect(err.rawMessage).toBe(
      'The image has too many pixels; at most 67108864 (8192 x 8192) can be rasterised',
    );
  });

  it('runs one rasterise at a time; concurrent calls beyond the waiting places get UNAVAILABLE', async () => {
    const png = await raw(300, 300, 3, (x, y) => [x % 256, y % 256, 128])
      .png()
      .toBuffer();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => client.rasterizeArtwork({ image: png })),
    );
    const refused = results.filter((r) => r.status === 'rejected').map((r) => ConnectError.from(r.reason));
    console.log(`6 concurrent rasterise calls: ${6 - refused.length} done, ${refused.length} refused`);
    // one runs, two wait: at least three finish, the rest are refused as busy (never a timeout)
    expect(6 - refused.length).toBeGreaterThanOrEqual(3);
    for (const e of refused) expect(e.code).toBe(Code.Unavailable);
    expect(refused.length).toBeGreaterThan(0);
  }, 60_000);
});

describe('ArtworkRasterizer', () => {
  it('never rasterises two artworks at once, and refuses beyond the waiting places', async () => {
    let now = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const codec: ImageCodec = {
      encodeRgb: () => Promise.reject(new Error('not used')),
      rasterizeArtwork: async () => {
        most = Math.max(most, ++now);
        await new Promise<void>((r) => releases.push(r));
        now--;
        return new Uint8Array(CANVAS_RGB_BYTES);
      },
    };
    const artwork = new ArtworkRasterizer(codec, { maxWaiting: 3 });
    const task = () => artwork.rasterize(new Uint8Array([1]));
    const running = [task(), task(), task(), task()];
    await expect(task()).rejects.toMatchObject({ code: Code.Unavailable, rawMessage: BUSY_MESSAGE });
    expect(artwork.lane.load()).toEqual({ running: 1, waiting: 3 });
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setImmediate(r));
      expect(releases).toHaveLength(1);
      releases.shift()!();
    }
    await Promise.all(running);
    expect(most).toBe(1);
    expect(artwork.lane.load()).toEqual({ running: 0, waiting: 0 });
  });
});

/** The PNG with its IHDR width and height replaced (CRC recomputed). */
function withPngSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
