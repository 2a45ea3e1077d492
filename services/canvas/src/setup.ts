/**
 * Builds the canvas service. `setup` opens the configured adapters (the process, main.ts) and
 * returns the service, its routes and what closes them; `createCanvas` builds the service on given
 * adapters (tests: an embedded store in a temp folder and the in-process bus).
 */
import {
  closingInOrder,
  createPeerClient,
  type DocumentStore,
  type EventBus,
  type Logger,
  type ServiceSetup,
} from '@tessera/kit';
import { LockService } from '@tessera/proto/tessera/lock/v1/lock_pb.js';
import { BoardRepository } from './adapters/boards.js';
import { CanvasRepository } from './adapters/canvases.js';
import { lockGateOver, type LockGate } from './adapters/lock-gate.js';
import { routes, SERVICES } from './routes.js';
import { CanvasService } from './service/canvas-service.js';

export async function createCanvas(opts: {
  store: DocumentStore;
  bus: EventBus;
  logger: Logger;
  now?: () => number;
  random?: () => number;
  summaryTtlMs?: number;
  /** Checks board locks on reserve and commit (the lock service); tests may leave it out. */
  locks?: LockGate;
  /** Purchase steps per board write at most (default 64; 1 writes each step alone, for comparisons). */
  writeBatch?: number;
}): Promise<CanvasService> {
  return new CanvasService({
    boards: await BoardRepository.open(opts.store),
    canvases: await CanvasRepository.open(opts.store),
    bus: opts.bus,
    logger: opts.logger,
    now: opts.now ?? Date.now,
    random: opts.random ?? Math.random,
    summaryTtlMs: opts.summaryTtlMs,
    locks: opts.locks,
    writeBatch: opts.writeBatch,
  });
}

/** The process's wiring: the configured adapters, the service on them (with the demo canvas on a fresh store). */
export const setup: ServiceSetup<object, CanvasService> = async ({ config, logger, open }) => {
  const store = await open.documentStore();
  const bus = await open.eventBus();
  // Reserve and commit check board locks with the lock service (LOCK_URL).
  const locks = lockGateOver(
    createPeerClient(LockService, config.peers.lock, { timeoutMs: config.rpcTimeoutMs }),
  );
  const core = await createCanvas({ store, bus, logger, locks });
  await core.ensureDemoCanvas();
  const parts = { core, routes: routes(core), services: SERVICES };
  return closingInOrder(parts, bus, store);
};
