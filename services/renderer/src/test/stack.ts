/**
 * Test stack (tests only, resolved through the `source` condition): the canvas service with a test
 * canvas and the renderer, each on a real HTTP/2 server on port 0, sharing one bus.
 */
import { createClient, createRouterTransport } from '@connectrpc/connect';
import { createPeerClient, type EventBus } from '@tessera/kit';
import { testLogger, startTestRpcServer } from '@tessera/kit/testing';
import {
  canvasRoutes,
  createCanvas,
  startCanvasServer,
  testArt,
  type CanvasService,
} from '@tessera/canvas/testing';
import { CanvasService as CanvasRpc } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { routes as rendererRoutes, SERVICES } from '../routes.js';
import type { RendererService } from '../service/renderer-service.js';
import { startRenderer } from '../setup.js';
import { openTestStores } from '@tessera/embedded/testing';

export interface CanvasStack {
  bus: EventBus;
  canvasCore: CanvasService;
  rendererCore: RendererService;
  canvasUrl: string;
  rendererUrl: string;
  /** The active test canvas. */
  canvasIndex: number;
  close(): Promise<void>;
}

export async function startCanvasStack(opts: { bus?: EventBus } = {}): Promise<CanvasStack> {
  const stores = await openTestStores({ bus: opts.bus, prefix: 'tessera-stack-' });
  const { store, bus } = stores;
  const logger = testLogger('stack');
  const canvasCore = await createCanvas({ store, bus, logger });
  const { canvasIndex } = await canvasCore.createCanvas({
    name: 'Test Canvas',
    description: 'A canvas for tests',
    colorsOf: testArt,
    activate: true,
  });
  const canvasServer = await startCanvasServer(canvasCore, logger);
  const renderer = await startRendererServer({ canvasUrl: canvasServer.url, bus, prebuild: true });
  return {
    bus,
    canvasCore,
    rendererCore: renderer.core,
    canvasUrl: canvasServer.url,
    rendererUrl: renderer.url,
    canvasIndex,
    async close() {
      await renderer.close();
      await canvasServer.close(100);
      await stores.close();
    },
  };
}

/** An in-memory canvas client on a core (no server). */
export const canvasClientOf = (core: CanvasService) =>
  createClient(CanvasRpc, createRouterTransport(canvasRoutes(core)));

/**
 * The renderer alone (its RPC server on port 0 and its event consumer) over a canvas service that
 * runs elsewhere: for tests whose canvas service is someone else's (the operator CLI's). `prebuild`:
 * build the active canvas's frame at start (default off).
 */
export async function startRendererServer(opts: {
  canvasUrl: string;
  bus: EventBus;
  prebuild?: boolean;
}): Promise<{ url: string; core: RendererService; close(): Promise<void> }> {
  const logger = testLogger('renderer');
  const renderer = await startRenderer({
    canvas: createPeerClient(CanvasRpc, opts.canvasUrl),
    bus: opts.bus,
    logger,
    durable: `renderer-${Math.random().toString(36).slice(2, 10)}`,
    warmDelayMs: -1,
    prebuild: opts.prebuild ?? false,
  });
  const server = await startTestRpcServer({
    name: 'renderer',
    logger,
    routes: rendererRoutes(renderer.core),
    services: SERVICES,
  });
  return {
    url: server.url,
    core: renderer.core,
    async close() {
      await server.close(100);
      await renderer.close();
    },
  };
}
