import type { EventBus, Logger } from '@tessera/kit';
import type { BoardRepository } from '../adapters/boards.js';
import type { CanvasRepository } from '../adapters/canvases.js';
import type { LockGate } from '../adapters/lock-gate.js';

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
  /**
   * Board locks, asked once per purchase step: reserve needs the buyer to hold the board (with its
   * fencing token, or any when the request gives 0), and a commit is refused when another user has
   * taken the board since the reservation. main.ts always wires the lock service; tests that leave
   * it out exercise only the board's own fencing check.
   */
  locks?: LockGate;
  /** How long a cached canvas summary is trusted before it is reloaded (other replicas write too). */
  summaryTtlMs?: number;
  /** Purchase steps one board write applies at most (group commit; default 64, 1 = one write each). */
  writeBatch?: number;
}
