import type Router from '@koa/router';
import type { ServerResponse } from 'node:http';
import { LIVE_EVENTS_PATH } from '@tessera/facts/live';
import type { Subscription } from '@tessera/kit';
import type { BffDeps } from '../deps.js';
import { LIVE_SUBJECTS, prepare, replayFrom, select, type StreamState } from '../canvas/live-events.js';
import { EventHub, type EventHubOptions } from '../canvas/event-hub.js';
import { HttpError } from '../middleware/errors.js';
import { bearerToken, verifyAccessToken } from '../auth/middleware.js';
import { clientIp } from '../auth/client-info.js';
import { StreamCap } from '../hardening/stream-cap.js';

export interface EventStreamOptions {
  /** A comment line is sent when nothing else was for this long (default 15 s). */
  heartbeatMs?: number;
  /** How often streams are checked for heartbeats and shutdown (default 500 ms). */
  tickMs?: number;
  /** Caps on open streams per client and in all (../hardening/stream-cap.ts). */
  cap?: StreamCap;
  /** A stream with more than this waiting to be sent is ended (default 1 MiB); the browser resumes. */
  maxBufferedBytes?: number;
  /** Events the hub keeps for reconnecting browsers (../canvas/event-hub.ts). */
  keep?: EventHubOptions;
}

interface OpenStream {
  res: ServerResponse;
  lastWrite: number;
  end(): void;
}

/**
 * `GET /api/events`: Server-Sent Events of the active canvas (pixel commits, lock changes) from
 * the bus. The streams share one bus subscription (../canvas/event-hub.ts): each event is serialised
 * once and the same bytes go to every stream, in stream order. A stream resuming from further back
 * than the hub keeps gets its own subscription from there.
 *
 * Nothing is missed, on first connect or on reconnect:
 * - the subscription is live before the 200 is sent, so once the browser's EventSource is open
 *   every later event reaches it;
 * - a new stream starts at the bus's current sequence and says so in a first `id:` line (which sets
 *   the browser's last event id without dispatching an event), so a client that reconnects before
 *   any event arrived still resumes from where it started;
 * - with Last-Event-ID it replays from the next sequence (`subscribe` with `fromSeq`).
 * A stream opened with the caller's access token (`?access_token=` or a bearer header) also gets
 * the holder-only lock events (`lock:expired`, `lock:warning`) of that user's locks.
 * Heartbeat comments keep proxies from closing an idle stream; on shutdown every stream ends
 * (browsers reconnect).
 */
export function eventRoutesWith(opts: EventStreamOptions = {}) {
  const heartbeatMs = opts.heartbeatMs ?? 15_000;
  const tickMs = opts.tickMs ?? 500;
  return (router: Router, deps: BffDeps): void => {
    const cap = opts.cap ?? new StreamCap();
    const streams = new Set<OpenStream>();
    let ticker: NodeJS.Timeout | undefined;
    const tick = () => {
      const now = Date.now();
      for (const s of streams) {
        if (deps.isShuttingDown()) s.end();
        else if (now - s.lastWrite >= heartbeatMs) {
          s.res.write(': ping\n\n');
          s.lastWrite = now;
        }
      }
      if (streams.size === 0 && ticker) {
        clearInterval(ticker);
        ticker = undefined;
      }
    };

    const hub = new EventHub(deps.bus, opts.keep);
    const maxBuffered = opts.maxBufferedBytes ?? 1024 * 1024;

    router.get(LIVE_EVENTS_PATH, async (ctx) => {
      if (deps.isShuttingDown())
        throw new HttpError('SERVICE_UNAVAILABLE', 'The server is restarting; please reconnect');
      // one client must not hold thousands of streams (429 with Retry-After over its cap)
      const release = cap.acquire(ctx, clientIp(ctx));
      let detach: (() => void) | undefined;
      let sub: Subscription | undefined;
      let ended = false;
      const res = ctx.res;
      const stream: OpenStream = {
        res,
        lastWrite: Date.now(),
        end() {
          if (ended) return;
          ended = true;
          release();
          streams.delete(stream);
          detach?.();
          void sub?.stop().catch(() => undefined);
          if (!res.writableEnded) res.end();
        },
      };
      res.on('close', () => stream.end());
      const write = (chunk: Buffer | string) => {
        if (ended) return;
        if (res.writableLength > maxBuffered) {
          stream.end(); // not draining: the browser reconnects and resumes from its last id
          return;
        }
        res.write(chunk);
        stream.lastWrite = Date.now();
      };
      const state: StreamState = { activeCanvas: -1, userId: undefined };
      const resumeFrom = replayFrom(ctx.get('Last-Event-ID') || undefined, ctx.query.lastEventId);
      /** Events that arrive on an own subscription before the headers are written. */
      let early: (Buffer | string)[] | null = [];
      try {
        [state.userId] = await Promise.all([streamUser(ctx, deps), hub.ready()]);
      } catch (err) {
        release();
        deps.logger.error({ err }, 'event stream: bus subscription failed');
        throw new HttpError('SERVICE_UNAVAILABLE', 'Live updates are unavailable; please reconnect');
      }
      state.activeCanvas = hub.activeCanvas ?? (await activeCanvas(deps, hub));
      if (res.destroyed) stream.end(); // the client left meanwhile
      // A new stream starts after the hub's position; a resuming one from its Last-Event-ID.
      const startSeq = resumeFrom ?? hub.position() + 1;
      const own = !ended && !hub.covers(startSeq);
      if (own) {
        try {
          sub = await deps.bus.subscribe({
            subjects: LIVE_SUBJECTS,
            fromSeq: startSeq,
            handler: (msg) => {
              const ev = prepare(msg);
              const chunk = ev && select(ev, state);
              if (!chunk) return;
              if (early) early.push(chunk);
              else write(chunk);
            },
          });
        } catch (err) {
          deps.logger.error({ err }, 'event stream: bus subscription failed');
          release();
          throw new HttpError('SERVICE_UNAVAILABLE', 'Live updates are unavailable; please reconnect');
        }
      }
      ctx.respond = false;
      if (ended) {
        await sub?.stop(); // the client went away while subscribing
        return;
      }
      ctx.req.socket.setTimeout(0);
      ctx.req.socket.setNoDelay(true);
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      // `id:` alone sets the client's last event id (the position this stream starts after).
      res.write(`retry: 3000\nid: ${startSeq - 1}\n\n`);
      for (const chunk of early) write(chunk);
      early = null;
      if (!own) detach = hub.attach({ state, fromSeq: startSeq, write }); // replays what it keeps, then live
      streams.add(stream);
      ticker ??= setInterval(tick, tickMs);
      ticker.unref();
    });
  };
}

/** The active canvas (kept by the hub from then on); -1 forwards every canvas when it cannot be read. */
async function activeCanvas(deps: BffDeps, hub: EventHub): Promise<number> {
  try {
    const index = (await deps.peers.canvas.getActiveCanvas({}, { timeoutMs: 2000 })).canvas?.canvasIndex;
    if (index !== undefined) hub.activeCanvas ??= index;
    return index ?? -1;
  } catch (err) {
    deps.logger.warn({ err }, 'event stream: active canvas unknown; forwarding every canvas');
    return -1;
  }
}

export const eventRoutes = eventRoutesWith();

/**
 * The signed-in user of a stream, from `Authorization: Bearer` or (EventSource cannot set headers)
 * the `access_token` query parameter; a missing or bad token makes a guest stream, never an error.
 * The request log records the path without the query.
 */
async function streamUser(
  ctx: { get(name: string): string; query: Record<string, unknown> },
  deps: BffDeps,
): Promise<string | undefined> {
  const q = ctx.query.access_token;
  const token = bearerToken(ctx) ?? (typeof q === 'string' && q.length <= 4096 ? q : undefined);
  if (!token) return undefined;
  try {
    const result = await verifyAccessToken(deps, token);
    return result.ok ? result.auth.userId : undefined;
  } catch (err) {
    deps.logger.warn({ err }, 'event stream: cannot verify the access token; streaming as a guest');
    return undefined;
  }
}
