/** Builds the canvas service from a document store and a bus (main.ts and tests). */
import type { DocumentStore, EventBus, Logger } from '@tessera/kit';
import { BoardRepository } from '../adapters/boards.js';
import { CanvasRepository } from '../adapters/canvases.js';
import type { LockGate } from '../adapters/lock-gate.js';
import { CanvasCore } from './canvas-service.js';

export { CanvasCore } from './canvas-service.js';

export async function createCanvasCore(opts: {
  store: DocumentStore;
  bus: EventBus;
  logger: Logger;
  now?: () => number;
  random?: () => number;
  summaryTtlMs?: number;
  locks?: LockGate;
}): Promise<CanvasCore> {
  return new CanvasCore({
    boards: await BoardRepository.open(opts.store),
    canvases: await CanvasRepository.open(opts.store),
    bus: opts.bus,
    logger: opts.logger,
    now: opts.now ?? Date.now,
    random: opts.random ?? Math.random,
    summaryTtlMs: opts.summaryTtlMs,
    locks: opts.locks,
  });
}
