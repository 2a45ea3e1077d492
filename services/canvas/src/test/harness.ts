/** A canvas service on the embedded store (temp dir) and the in-process bus, for tests. */
import { createClient, createRouterTransport, type Client } from '@connectrpc/connect';
import { type DocumentStore, type EventBus, type Logger, type RpcServer } from '@tessera/kit';
import { hexToRgb } from '@tessera/facts/colour';
import { PIXELS_PER_BOARD, TOTAL_BOARDS, pixelOffset } from '@tessera/facts/grid';
import { testLogger, startTestRpcServer } from '@tessera/kit/testing';
import { CanvasService as CanvasRpc } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { routes, SERVICES } from '../routes.js';
import type { CanvasService } from '../service/canvas-service.js';
import { createCanvas } from '../setup.js';
import { openTestStores } from '@tessera/embedded/testing';

export interface Harness {
  core: CanvasService;
  client: Client<typeof CanvasRpc>;
  store: DocumentStore;
  bus: EventBus;
  close(): Promise<void>;
}

export async function startHarness(
  opts: { random?: () => number; bus?: EventBus; dir?: string } = {},
): Promise<Harness> {
  const { store, bus, close } = await openTestStores({
    dir: opts.dir,
    bus: opts.bus,
    prefix: 'tessera-canvas-',
  });
  const core = await createCanvas({ store, bus, logger: testLogger('canvas'), random: opts.random });
  const client = createClient(CanvasRpc, createRouterTransport(routes(core)));
  return { core, client, store, bus, close: () => close() };
}

/** Reserves one default-colour pixel (canvas, board, x, y) for `orderId` under fencing token 1, as a checkout does. */
export function reserveOnePixel(
  client: Client<typeof CanvasRpc>,
  orderId: string,
  userId: string,
  [canvasIndex, boardIndex, x, y]: readonly [number, number, number, number],
) {
  return client.reservePixels({
    orderId,
    userId,
    canvasIndex,
    boardIndex,
    fencingToken: 1,
    pixels: [{ x, y, isDefault: true }],
  });
}

/** A flat test artwork: board b, pixel offset o -> a colour derived from both. */
export function testArt(boardIndex: number): string {
  const parts: string[] = [];
  for (let o = 0; o < PIXELS_PER_BOARD; o++)
    parts.push(((boardIndex * 7919 + o * 31) & 0xffffff).toString(16).padStart(6, '0').toUpperCase());
  return parts.join('');
}

/** The test artwork's colour of pixel (x, y) of a board, as 6 upper-case hex digits. */
export function testArtHex(boardIndex: number, x: number, y: number): string {
  const o = pixelOffset(x, y);
  return testArt(boardIndex).slice(o * 6, o * 6 + 6);
}

/** The test artwork's colour of pixel (x, y) of a board, as [r, g, b]. */
export function testArtRgb(boardIndex: number, x: number, y: number): number[] {
  return [...hexToRgb(`#${testArtHex(boardIndex, x, y)}`)];
}

/**
 * Sells every pixel of a canvas except `keep` ([board, x, y]) to `early-bird`, straight in the store
 * (one conditional replace per board), for sell-out and random-pixel tests. The sold pixels keep
 * their current colour (white on a new canvas) unless `artistColours`: then they are bought in the
 * artist's colour, as a page showing the canvas would draw real sales.
 */
export async function sellAllBut(
  core: CanvasService,
  canvasIndex: number,
  keep: readonly (readonly [number, number, number])[],
  opts: { artistColours?: boolean } = {},
): Promise<void> {
  for (let b = 0; b < TOTAL_BOARDS; b++) {
    const doc = await core.deps.boards.get(canvasIndex, b);
    if (!doc) throw new Error(`board ${b} of canvas ${canvasIndex} is missing`);
    const left = keep.filter(([kb]) => kb === b).map(([, x, y]) => pixelOffset(x, y));
    const owners = doc.owners.map((_, i) => (left.includes(i) ? null : 'early-bird'));
    const currentColors = opts.artistColours
      ? Array.from({ length: PIXELS_PER_BOARD }, (_, i) =>
          (left.includes(i) ? doc.currentColors : doc.defaultColors).slice(i * 6, i * 6 + 6),
        ).join('')
      : doc.currentColors;
    const next = {
      ...doc,
      owners,
      currentColors,
      soldCount: PIXELS_PER_BOARD - left.length,
      version: doc.version + 1,
    };
    if (!(await core.deps.boards.replaceIfVersion(next, doc.version)))
      throw new Error(`board ${b} changed while selling it`);
  }
}

/** A canvas core's RPC server (without service identity) on a loopback port, for tests. */
export function startCanvasServer(core: CanvasService, logger: Logger): Promise<RpcServer> {
  return startTestRpcServer({ name: 'canvas', logger, routes: routes(core), services: SERVICES });
}

export { routes as canvasRoutes } from '../routes.js';
export type { CanvasService } from '../service/canvas-service.js';
export { createCanvas } from '../setup.js';
export { lockGateOver, type LockGate } from '../adapters/lock-gate.js';
