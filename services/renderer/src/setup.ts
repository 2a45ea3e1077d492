/**
 * Builds the renderer. `setup` opens the configured adapters (the process, main.ts) and returns the
 * service, its routes and what closes them; `startRenderer` builds the service on a given canvas
 * client and bus and starts its event consumers (tests and the benchmark).
 */
import os from 'node:os';
import { decodeEvent } from '@tessera/facts/events';
import { SUBJECTS } from '@tessera/facts/subjects';
import type { Client } from '@connectrpc/connect';
import {
  closingInOrder,
  createPeerClient,
  type EventBus,
  type Logger,
  type ServiceSetup,
  type Subscription,
} from '@tessera/kit';
import { CanvasService as CanvasRpc } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { sharpImages } from './adapters/sharp-images.js';
import { routes, SERVICES } from './routes.js';
import { FrameStore } from './service/frames.js';
import type { ImageCodec } from './service/ports.js';
import { RendererService } from './service/renderer-service.js';
import { onReset } from './service/resets.js';
import type { RendererSettings } from './settings.js';

/** Each renderer instance keeps its own frames, so each needs every event: one durable consumer per instance. */
export function consumerName(instance = os.hostname()): string {
  return `renderer-${instance.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 64);
}

export async function startRenderer(opts: {
  canvas: Client<typeof CanvasRpc>;
  bus: EventBus;
  logger: Logger;
  /** The image codec (default: sharp). */
  images?: ImageCodec;
  durable?: string;
  warmDelayMs?: number;
  /** Build the active canvas's frame at start (default true). */
  prebuild?: boolean;
  /** Bytes of encoded images kept (settings.ts, default 64 MiB). */
  cacheBytes?: number;
}): Promise<{ core: RendererService; close(): Promise<void> }> {
  const core = new RendererService({
    frames: new FrameStore(opts.canvas, opts.logger),
    images: opts.images ?? sharpImages,
    logger: opts.logger,
    warmDelayMs: opts.warmDelayMs,
    cacheBytes: opts.cacheBytes,
  });
  const durable = opts.durable ?? consumerName();
  const sub: Subscription = await opts.bus.consume({
    durable,
    // one consumer for both, in stream order: a reset never overtakes the sale it undoes. Several
    // in flight keep that order: the pool starts handlers in delivery order and each applies its
    // event synchronously (FrameStore.apply), so they finish in that order too; and the broker
    // hands over (and the acks of a tick go back) in batches instead of one round trip each.
    subjects: [SUBJECTS.pixelsCommitted, SUBJECTS.pixelsReset],
    concurrency: 64,
    // runs in a CONSUMER span of the committing purchase's trace (the bus's, kit telemetry/bus-tracing.ts)
    handler: (msg) =>
      msg.subject === SUBJECTS.pixelsReset ? onReset(core.frames, msg) : core.onCommitted(msg),
  });
  // the active canvas's frame is built at start, and a newly activated canvas's at once
  const prebuild = (canvasIndex: number) =>
    core.frames
      .get(canvasIndex)
      .catch((err: unknown) => opts.logger.warn({ err, canvasIndex }, 'frame prebuild failed'));
  if (opts.prebuild !== false) {
    opts.canvas.getActiveCanvas({}).then(
      ({ canvas }) => canvas && void prebuild(canvas.canvasIndex),
      (err: unknown) => opts.logger.warn({ err }, 'active canvas unknown at start'),
    );
  }
  const activations = await opts.bus.subscribe({
    subjects: [SUBJECTS.canvasActivated],
    handler: (msg) => void prebuild(decodeEvent(SUBJECTS.canvasActivated, msg.data).canvasIndex),
  });
  return {
    core,
    async close() {
      core.close();
      await activations.stop();
      await sub.stop();
    },
  };
}

/** The process's wiring: the bus, a client of the canvas service, the renderer and its consumers. */
export const setup: ServiceSetup<RendererSettings, RendererService> = async ({ config, logger, open }) => {
  const bus = await open.eventBus();
  const canvas = createPeerClient(CanvasRpc, config.peers.canvas, { timeoutMs: config.rpcTimeoutMs });
  const renderer = await startRenderer({ canvas, bus, logger, cacheBytes: config.renderCacheBytes });
  const parts = { core: renderer.core, routes: routes(renderer.core), services: SERVICES };
  return closingInOrder({ ...parts, close: () => renderer.close() }, bus);
};
