/**
 * Bus messages -> Server-Sent Events for the canvas page (the names are facts' live events, which
 * the web app listens to). Pure: returns the event text, or null for
 * a message this stream does not forward (another canvas, an unreadable payload).
 *
 * - `tessera.pixels.committed` -> `event: pixels`, data `{canvasIndex, boardIndex, pixels: [{x, y, color}], committedAt}`
 * - `tessera.lock.<kind>` -> `event: lock:<kind>`, data `{canvasIndex, boardIndex, userId, username, expiresAt, at}`
 *   for acquired, released and extended, to every stream (lock icons move). `lock:expired` and
 *   `lock:warning` (60 s before expiry) go only to the holder's stream (one signed in as that user);
 *   every other stream gets the expiry as `lock:released` with `reason: "expired"`, and no warning.
 * - `tessera.pixels.reset` (a moderation reset) -> `event: pixels` like a commit, data
 *   `{canvasIndex, boardIndex, pixels: [{x, y, color}], committedAt, reset: true}` (the pixel's default colour)
 * - `tessera.canvas.activated` -> `event: canvas:activated`, data `{canvasIndex, name, previousCanvasIndex}`; the
 *   stream follows the new canvas from then on
 * - `tessera.canvas.soldout` (the stream's canvas) -> `event: canvas:soldout`, data `{canvasIndex}`
 * Every event's `id:` is the bus stream sequence, so a reconnecting browser's Last-Event-ID resumes it.
 * `prepare` builds an event's texts once for every stream; `select` picks one stream's.
 */
import { decodeEvent } from '@tessera/facts/events';
import { isLockEventKind, LIVE_EVENT, lockEventName, type LockEventKind } from '@tessera/facts/live';
import { lockEventKind, LOCK_SUBJECTS, SUBJECTS } from '@tessera/facts/subjects';
import type { BusMessage } from '@tessera/kit';
import type {
  CanvasActivatedData,
  CanvasSoldOutData,
  LockEventData,
  PixelsEventData,
} from '@tessera/api/live';

export const LIVE_SUBJECTS = [
  SUBJECTS.pixelsCommitted,
  SUBJECTS.pixelsReset,
  LOCK_SUBJECTS,
  SUBJECTS.canvasActivated,
  SUBJECTS.canvasSoldOut,
];

export interface StreamState {
  /** Canvas whose events are forwarded; -1 forwards every canvas (none known). */
  activeCanvas: number;
  /** The signed-in user of this stream (holder-only lock events); undefined for a guest. */
  userId?: string;
}

const HOLDER_ONLY: ReadonlySet<LockEventKind> = new Set(['expired', 'warning']);

function sse(seq: number, event: string, data: unknown): string {
  return `id: ${seq}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * One bus message made ready for every stream at once: its texts are built and encoded once (not
 * once per stream), and each stream picks the one it gets with `select`.
 */
export interface PreparedEvent {
  seq: number;
  /** Canvas of the event (streams of another active canvas skip it). */
  canvasIndex: number;
  /** A canvas activation: the stream's active canvas becomes this one. */
  activates?: number;
  /** What every other stream gets (null: nothing). */
  common: Buffer | null;
  /** Holder-only lock events: the holder's user id and what the holder's streams get. */
  holderUserId?: string;
  holder?: Buffer;
  /** Bytes kept (the hub's replay buffer is bounded by them). */
  bytes: number;
}

function prepared(
  seq: number,
  canvasIndex: number,
  common: string | null,
  extra: Partial<PreparedEvent> = {},
) {
  const buf = common === null ? null : Buffer.from(common);
  return {
    seq,
    canvasIndex,
    common: buf,
    bytes: (buf?.length ?? 0) + (extra.holder?.length ?? 0),
    ...extra,
  } as PreparedEvent;
}

/** The `pixels` event: sold (or, marked `reset`, reset) pixels of one board, for every stream. */
function pixelsEvent(
  seq: number,
  ev: { canvasIndex: number; boardIndex: number },
  pixels: { x: number; y: number; color: string }[],
  committedAt: number,
  extra: { reset?: true } = {},
): PreparedEvent {
  const data = {
    canvasIndex: ev.canvasIndex,
    boardIndex: ev.boardIndex,
    pixels,
    committedAt,
    ...extra,
  } satisfies PixelsEventData;
  return prepared(seq, ev.canvasIndex, sse(seq, LIVE_EVENT.pixels, data));
}

/** A bus message -> its prepared texts; null for a message no stream forwards (unreadable). */
export function prepare(msg: BusMessage): PreparedEvent | null {
  try {
    if (msg.subject === SUBJECTS.pixelsCommitted) {
      const ev = decodeEvent(SUBJECTS.pixelsCommitted, msg.data);
      const pixels = ev.pixels.map((p) => ({ x: p.x, y: p.y, color: p.color }));
      return pixelsEvent(msg.seq, ev, pixels, ev.committedAtMs);
    }
    const kind = lockEventKind(msg.subject);
    if (kind !== null && isLockEventKind(kind)) {
      const ev = decodeEvent(SUBJECTS.lockAcquired, msg.data); // every lock subject carries LockChanged
      const data = {
        canvasIndex: ev.canvasIndex,
        boardIndex: ev.boardIndex,
        userId: ev.userId,
        username: ev.username,
        expiresAt: ev.expiresAtMs,
        at: ev.atMs,
      } satisfies LockEventData;
      const own = sse(msg.seq, lockEventName(kind), data);
      if (!HOLDER_ONLY.has(kind)) return prepared(msg.seq, ev.canvasIndex, own);
      const others =
        kind === 'expired'
          ? sse(msg.seq, lockEventName('released'), { ...data, reason: 'expired' } satisfies LockEventData)
          : null;
      return prepared(msg.seq, ev.canvasIndex, others, { holderUserId: ev.userId, holder: Buffer.from(own) });
    }
    if (msg.subject === SUBJECTS.pixelsReset) {
      const ev = decodeEvent(SUBJECTS.pixelsReset, msg.data);
      return pixelsEvent(msg.seq, ev, [{ x: ev.x, y: ev.y, color: ev.color }], ev.resetAtMs, { reset: true });
    }
    if (msg.subject === SUBJECTS.canvasActivated) {
      const ev = decodeEvent(SUBJECTS.canvasActivated, msg.data);
      return prepared(
        msg.seq,
        ev.canvasIndex,
        sse(msg.seq, LIVE_EVENT.canvasActivated, {
          canvasIndex: ev.canvasIndex,
          name: ev.name,
          previousCanvasIndex: ev.previousCanvasIndex,
        } satisfies CanvasActivatedData),
        { activates: ev.canvasIndex },
      );
    }
    if (msg.subject === SUBJECTS.canvasSoldOut) {
      const ev = decodeEvent(SUBJECTS.canvasSoldOut, msg.data);
      return prepared(
        msg.seq,
        ev.canvasIndex,
        sse(msg.seq, LIVE_EVENT.canvasSoldOut, { canvasIndex: ev.canvasIndex } satisfies CanvasSoldOutData),
      );
    }
  } catch {
    return null; // an unreadable payload is skipped, never sent
  }
  return null;
}

/** What one stream gets of a prepared event (null: nothing); an activation moves its active canvas. */
export function select(ev: PreparedEvent, state: StreamState): Buffer | null {
  if (ev.activates !== undefined) {
    state.activeCanvas = ev.activates;
    return ev.common;
  }
  if (state.activeCanvas >= 0 && ev.canvasIndex !== state.activeCanvas) return null;
  if (ev.holderUserId !== undefined && state.userId !== undefined && state.userId === ev.holderUserId) {
    return ev.holder ?? null;
  }
  return ev.common;
}

/** One message for one stream, as text (null: not forwarded). */
export function toSse(msg: BusMessage, state: StreamState): string | null {
  const ev = prepare(msg);
  if (ev === null) return null;
  return select(ev, state)?.toString() ?? null;
}

/** Last-Event-ID (header, or `lastEventId` query for polyfills) -> the sequence to replay from. */
export function replayFrom(header: string | undefined, query: unknown): number | undefined {
  const raw = header || (typeof query === 'string' ? query : '');
  if (!/^\d{1,15}$/.test(raw)) return undefined;
  return Number(raw) + 1;
}
