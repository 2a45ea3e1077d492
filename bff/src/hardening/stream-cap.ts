/**
 * Caps on open event streams (`GET /api/events`) of one BFF process: each holds a socket, a bus
 * subscription and buffers, so one client must not hold thousands. Per client address (behind a
 * trusted proxy, the forwarded one) at most `perClient`; in all at most `total`. Over a cap the
 * request gets the spec's error body: 429 RATE_LIMIT_EXCEEDED (per client) or 503
 * SERVICE_UNAVAILABLE (the process is full), both with `Retry-After`.
 */
import type { Context } from 'koa';
import { gauge } from '@tessera/kit';
import { HttpError } from '../middleware/errors.js';

const liveStreams = gauge('tessera_live_streams', 'Live event streams (GET /api/events) open on this BFF');

export const STREAMS_PER_CLIENT = 16;
export const STREAMS_TOTAL = 10_000;
export const STREAM_RETRY_AFTER_SEC = 30;
export const TOO_MANY_STREAMS_MESSAGE =
  'Too many live-update connections from your address. Close other Tessera tabs and try again.';
export const STREAMS_FULL_MESSAGE = 'Live updates are busy; please reconnect in a moment';

export class StreamCap {
  private readonly open = new Map<string, number>();
  private total = 0;

  constructor(
    readonly perClient = STREAMS_PER_CLIENT,
    readonly maxTotal = STREAMS_TOTAL,
  ) {}

  /** Claims a stream for `client` or throws; the returned function releases it (once). */
  acquire(ctx: Pick<Context, 'set'>, client: string): () => void {
    const mine = this.open.get(client) ?? 0;
    if (mine >= this.perClient || this.total >= this.maxTotal) {
      ctx.set('Retry-After', String(STREAM_RETRY_AFTER_SEC));
      if (mine >= this.perClient) throw new HttpError('RATE_LIMIT_EXCEEDED', TOO_MANY_STREAMS_MESSAGE);
      throw new HttpError('SERVICE_UNAVAILABLE', STREAMS_FULL_MESSAGE);
    }
    this.open.set(client, mine + 1);
    this.total++;
    liveStreams.inc();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      liveStreams.dec();
      const left = (this.open.get(client) ?? 1) - 1;
      if (left <= 0) this.open.delete(client);
      else this.open.set(client, left);
    };
  }

  /** Streams open for `client` (tests, metrics). */
  count(client: string): number {
    return this.open.get(client) ?? 0;
  }
}
