/**
 * Bounds the renderer's image encoding, the one expensive thing it does: at most `maxConcurrent`
 * encodes run at once, and together they may hold at most `maxBytes` of estimated working memory
 * (one encode is always let through, however large, so nothing waits forever). Callers beyond that
 * wait in line (first come, first served); when `maxQueued` are already waiting the request is shed
 * at once with SERVICE_UNAVAILABLE (the BFF answers 503 with Retry-After), never left to time out.
 */
import { appError } from '@tessera/kit';

export const BUSY_MESSAGE = 'The image renderer is busy; please try again in a moment';

export interface EncodeGateOptions {
  /** Encodes at once (default 2). */
  maxConcurrent?: number;
  /** Estimated bytes the running encodes may hold together (default 384 MiB). */
  maxBytes?: number;
  /** Callers that may wait; more are refused (default 32). */
  maxQueued?: number;
}

interface Waiter {
  cost: number;
  start: () => void;
}

/** Working memory of encoding a `side` x `side` RGB raster: the raster copy, the upscaled copy and libvips' buffers. */
export function encodeCost(side: number): number {
  return side * side * 3 * 4;
}

export class EncodeGate {
  readonly maxConcurrent: number;
  readonly maxBytes: number;
  readonly maxQueued: number;
  private running = 0;
  private runningBytes = 0;
  private readonly queue: Waiter[] = [];
  /** Most encodes seen running at once, and encodes shed (tests, metrics). */
  peakRunning = 0;
  shed = 0;

  constructor(opts: EncodeGateOptions = {}) {
    this.maxConcurrent = opts.maxConcurrent ?? 2;
    this.maxBytes = opts.maxBytes ?? 384 * 1024 * 1024;
    this.maxQueued = opts.maxQueued ?? 32;
  }

  /** Runs `fn` once admitted; throws SERVICE_UNAVAILABLE when the line is full. */
  async run<T>(cost: number, fn: () => Promise<T>): Promise<T> {
    if (!this.fits(cost)) {
      if (this.queue.length >= this.maxQueued) {
        this.shed++;
        throw appError('SERVICE_UNAVAILABLE', BUSY_MESSAGE);
      }
      await new Promise<void>((resolve) => this.queue.push({ cost, start: resolve }));
    } else this.admit(cost);
    try {
      return await fn();
    } finally {
      this.running--;
      this.runningBytes -= cost;
      this.drain();
    }
  }

  /** Encodes running and waiting now. */
  load(): { running: number; queued: number } {
    return { running: this.running, queued: this.queue.length };
  }

  private fits(cost: number): boolean {
    if (this.queue.length > 0) return false; // first come, first served
    return (
      this.running === 0 || (this.running < this.maxConcurrent && this.runningBytes + cost <= this.maxBytes)
    );
  }

  private admit(cost: number): void {
    this.running++;
    this.runningBytes += cost;
    this.peakRunning = Math.max(this.peakRunning, this.running);
  }

  private drain(): void {
    while (this.queue.length > 0) {
      const next = this.queue[0]!;
      const fits =
        this.running === 0 ||
        (this.running < this.maxConcurrent && this.runningBytes + next.cost <= this.maxBytes);
      if (!fits) return;
      this.queue.shift();
      this.admit(next.cost);
      next.start();
    }
  }
}
