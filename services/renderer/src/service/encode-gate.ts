/**
 * Bounds the renderer's image encoding, the one expensive thing it does, with the kit's
 * AdmissionGate: at most `maxConcurrent` encodes run at once, and together they may hold at most
 * `maxBytes` of estimated working memory (one encode is always let through, however large, so
 * nothing waits forever). Callers beyond that wait in line (first come, first served); when
 * `maxQueued` are already waiting the request is shed at once with SERVICE_UNAVAILABLE (the BFF
 * answers 503 with Retry-After), never left to time out.
 */
import { AdmissionGate } from '@tessera/kit';

export const BUSY_MESSAGE = 'The image renderer is busy; please try again in a moment';

export interface EncodeGateOptions {
  /** Encodes at once (default 2). */
  maxConcurrent?: number;
  /** Estimated bytes the running encodes may hold together (default 384 MiB). */
  maxBytes?: number;
  /** Callers that may wait; more are refused (default 32). */
  maxQueued?: number;
}

/** Working memory of encoding a `side` x `side` RGB raster: the raster copy, the upscaled copy and libvips' buffers. */
export function encodeCost(side: number): number {
  return side * side * 3 * 4;
}

/** The encode gate; its `run(work, { cost: encodeCost(side) })` admits one encode. */
export function encodeGate(opts: EncodeGateOptions = {}): AdmissionGate {
  return new AdmissionGate(
    {
      running: opts.maxConcurrent ?? 2,
      maxCost: opts.maxBytes ?? 384 * 1024 * 1024,
      waiting: opts.maxQueued ?? 32,
    },
    { busyMessage: BUSY_MESSAGE },
  );
}
