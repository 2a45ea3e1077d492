/**
 * The canvas changes the BFF's read caches follow: one bus subscription per BFF process on
 * `tessera.pixels.committed`, `tessera.pixels.reset` and `tessera.canvas.activated`, decoded once and
 * handed to every listener (board-cache.ts, composite-cache.ts). Started on first use; the caches
 * store nothing until it is live (`live()`), so an entry is never filled while its invalidations
 * could be missed. The bus resumes a subscription after the last sequence it delivered, so a
 * reconnect to the broker misses no change either. A failed start is retried by the next request.
 */
import { decodeEvent } from '@tessera/facts/events';
import { SUBJECTS } from '@tessera/facts/subjects';
import type { EventBus, Subscription } from '@tessera/kit';
import type { Logger } from 'pino';

export type CanvasChange =
  | {
      kind: 'committed';
      canvasIndex: number;
      boardIndex: number;
      boardVersion: number;
      /** The canvas's content version after the commit (sum of its board versions). */
      canvasVersion: number;
    }
  | { kind: 'reset'; canvasIndex: number; boardIndex: number }
  | { kind: 'activated'; canvasIndex: number };

export type ChangeListener = (change: CanvasChange) => void;

export const CHANGE_SUBJECTS = [SUBJECTS.pixelsCommitted, SUBJECTS.pixelsReset, SUBJECTS.canvasActivated];

/** A bus message -> the change it means; null for anything unreadable. */
export function toChange(subject: string, data: Uint8Array): CanvasChange | null {
  try {
    if (subject === SUBJECTS.pixelsCommitted) {
      const ev = decodeEvent(SUBJECTS.pixelsCommitted, data);
      return {
        kind: 'committed',
        canvasIndex: ev.canvasIndex,
        boardIndex: ev.boardIndex,
        boardVersion: ev.boardVersion,
        canvasVersion: ev.canvasVersion,
      };
    }
    if (subject === SUBJECTS.pixelsReset) {
      const ev = decodeEvent(SUBJECTS.pixelsReset, data);
      return { kind: 'reset', canvasIndex: ev.canvasIndex, boardIndex: ev.boardIndex };
    }
    if (subject === SUBJECTS.canvasActivated) {
      return { kind: 'activated', canvasIndex: decodeEvent(SUBJECTS.canvasActivated, data).canvasIndex };
    }
  } catch {
    // unreadable: nothing to invalidate by
  }
  return null;
}

export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private sub: Subscription | undefined;
  private starting: Promise<boolean> | undefined;

  constructor(
    private readonly bus: EventBus,
    private readonly logger: Logger,
  ) {}

  listen(listener: ChangeListener): void {
    this.listeners.add(listener);
  }

  /** True once the subscription is live (starting it on first call); false while the bus is unreachable. */
  live(): Promise<boolean> {
    if (this.sub) return Promise.resolve(true);
    this.starting ??= this.bus
      .subscribe({
        subjects: CHANGE_SUBJECTS,
        handler: (msg) => {
          const change = toChange(msg.subject, msg.data);
          if (change) for (const l of this.listeners) l(change);
        },
      })
      .then(
        (sub) => {
          this.sub = sub;
          return true;
        },
        (err: unknown) => {
          this.logger.warn({ err }, 'read caches: bus subscription failed; reading through until it works');
          this.starting = undefined;
          return false;
        },
      );
    return this.starting;
  }

  /** Publishes a change to the listeners directly (tests of the caches). */
  emit(change: CanvasChange): void {
    for (const l of this.listeners) l(change);
  }

  async close(): Promise<void> {
    const sub = this.sub;
    this.sub = undefined;
    this.starting = undefined;
    await sub?.stop();
  }
}
