import type { EventBus, Logger } from '@tessera/kit';
import type { BoardRepository } from '../adapters/boards.js';
import type { CanvasRepository } from '../adapters/canvases.js';

/** What the canvas service needs; injected so tests use the embedded store and in-process bus. */
export interface CanvasDeps {
  boards: BoardRepository;
  canvases: CanvasRepository;
  bus: EventBus;
  logger: Logger;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** Uniform in [0, 1). */
  random: () => number;
  /** How long a cached canvas summary is trusted before it is reloaded (other replicas write too). */
  summaryTtlMs?: number;
}
