/**
 * Live streams (GET /api/events) that behave like the browser's EventSource: when the stream ends or
 * cannot connect (the BFF was killed), it connects again after a short wait, sending the last event id
 * it saw (Last-Event-ID) so the BFF replays what it missed. Each stream comes from its own loopback
 * address (the BFF caps the streams of one address). The suite reads when each received its events.
 */
import http from 'node:http';
import { SseParser } from '../../bff/src/canvas/test/sse-parser.mjs';

export class LiveStream {
  /** Arrival times (Date.now()) of the events that carried data. */
  readonly eventTimes: number[] = [];
  connects = 0;
  private lastId: string | undefined;
  private req: http.ClientRequest | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly localAddress: string,
  ) {
    this.connect();
  }

  /** Events received at or after `since`. */
  eventsSince(since: number): number {
    return this.eventTimes.filter((t) => t >= since).length;
  }

  private again(): void {
    this.req = undefined;
    if (!this.closed) setTimeout(() => this.connect(), 500).unref();
  }

  private connect(): void {
    if (this.closed || this.req) return;
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (this.lastId !== undefined) headers['last-event-id'] = this.lastId;
    const req = http.get(this.url, { localAddress: this.localAddress, agent: false, headers }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        res.on('end', () => this.again());
        return;
      }
      this.connects++;
      const parser = new SseParser();
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        for (const ev of parser.push(chunk)) {
          if (ev.id !== undefined && ev.id !== '') this.lastId = ev.id;
          if (ev.data !== '') this.eventTimes.push(Date.now());
        }
      });
      res.on('error', () => undefined);
      res.on('close', () => this.again());
    });
    req.on('error', () => {
      if (this.req === req) this.again();
    });
    this.req = req;
  }

  close(): void {
    this.closed = true;
    this.req?.destroy();
  }
}
