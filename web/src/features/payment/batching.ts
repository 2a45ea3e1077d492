// Pixel batches (spec section 7): 1000 pixels per request (500 when the server finds 1000 too large),
// 100 ms between requests, in order.
import { isApiError } from '../../api/errors.js';

export const BATCH_SIZE = 1000;
export const FALLBACK_BATCH_SIZE = 500;
export const BATCH_PAUSE_MS = 100;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('batch size must be a positive integer');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function isTooLarge(error: unknown): boolean {
  return isApiError(error) && error.status === 413;
}

export interface BatchOptions {
  sleep: (ms: number) => Promise<void>;
  size?: number;
  fallbackSize?: number;
  pauseMs?: number;
  /** Items already sent by an earlier attempt (skipped); updated as batches succeed. */
  progress?: { sent: number };
}

/**
 * Sends items in batches, one after another with a pause between them. A batch answered 413 is
 * re-sent in batches of the fallback size. Progress lets a retry resume after the last sent batch.
 */
export async function sendInBatches<T>(
  items: readonly T[],
  send: (batch: T[]) => Promise<void>,
  options: BatchOptions,
): Promise<void> {
  const progress = options.progress ?? { sent: 0 };
  let size = options.size ?? BATCH_SIZE;
  const fallback = options.fallbackSize ?? FALLBACK_BATCH_SIZE;
  const pause = options.pauseMs ?? BATCH_PAUSE_MS;
  let first = true;
  while (progress.sent < items.length) {
    if (!first) await options.sleep(pause);
    first = false;
    const batch = items.slice(progress.sent, progress.sent + size);
    try {
      await send(batch);
    } catch (error) {
      if (isTooLarge(error) && size > fallback) {
        size = fallback;
        continue;
      }
      throw error;
    }
    progress.sent += batch.length;
  }
}
