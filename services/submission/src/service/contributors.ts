/**
 * Verified contributors (spec section 2: the Verified badge, "Purchased pixels on current canvas"):
 * durable consumers of `tessera.pixels.committed` (records the buyer on that canvas) and
 * `tessera.canvas.activated` (moves the current canvas), both idempotent; the current canvas is
 * read from the canvas service when no activation has been seen yet.
 */
import { decodeEvent } from '@tessera/facts/events';
import { SUBJECTS } from '@tessera/facts/subjects';
import { SingleFlight, type BusMessage } from '@tessera/kit';
import type { SubmissionDeps } from './deps.js';

/** Most (canvas, user) pairs remembered as recorded (the one recorded longest ago is forgotten first). */
export const RECORDED_MEMORY = 50_000;

export class Contributors {
  /**
   * The (canvas, user) pairs this process has recorded, and the writes under way: a pair, once
   * recorded, is never removed and its record never changes (an insert-only upsert), so a buyer's
   * next orders need no write, and concurrent events of one pair share one. A failed write is not
   * remembered and fails every event waiting on it: each is redelivered.
   */
  private readonly recorded = new SingleFlight<string, void>({
    ttlMs: Infinity,
    maxEntries: RECORDED_MEMORY,
  });

  constructor(private readonly deps: SubmissionDeps) {}

  /** Handler of `tessera.pixels.committed`. */
  async onCommitted(msg: BusMessage): Promise<void> {
    const e = decodeEvent(SUBJECTS.pixelsCommitted, msg.data);
    if (!e.userId || e.pixels.length === 0) return;
    await this.recorded.run(`${e.canvasIndex}:${e.userId}`, () =>
      this.deps.contributors.add(e.canvasIndex, e.userId, e.orderId, e.committedAtMs || msg.timestampMs),
    );
  }

  /** Handler of `tessera.canvas.activated`. */
  async onActivated(msg: BusMessage): Promise<void> {
    const e = decodeEvent(SUBJECTS.canvasActivated, msg.data);
    await this.deps.contributors.setCurrentCanvas(e.canvasIndex, e.atMs || msg.timestampMs);
  }

  /** The current canvas: the last activation seen, else the canvas service's answer (then kept). */
  async currentCanvas(): Promise<number | null> {
    const known = await this.deps.contributors.currentCanvas();
    if (known !== null) return known;
    try {
      const { canvas } = await this.deps.canvas.getActiveCanvas({});
      if (!canvas) return null;
      await this.deps.contributors.setCurrentCanvas(canvas.canvasIndex, canvas.activatedAtMs || 0);
      return canvas.canvasIndex;
    } catch (err) {
      this.deps.logger.warn({ err }, 'active canvas unknown: no verified contributors shown');
      return null;
    }
  }

  /** The users among `userIds` who bought pixels on the current canvas. */
  async verified(userIds: string[]): Promise<Set<string>> {
    const canvasIndex = await this.currentCanvas();
    if (canvasIndex === null) return new Set();
    return this.deps.contributors.among(canvasIndex, userIds);
  }
}
