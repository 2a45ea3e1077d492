/** A minimal Server-Sent Events reader over fetch, for tests (the parsing: sse-parser.mjs). */
import { SseParser, type SseEvent } from './sse-parser.mjs';

export class SseClient {
  readonly events: SseEvent[] = [];
  ended = false;
  private waiters: (() => void)[] = [];

  private constructor(
    readonly status: number,
    readonly headers: Headers,
    private readonly abort: AbortController,
  ) {}

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const ctrl = new AbortController();
    const res = await fetch(url, {
      headers: { Accept: 'text/event-stream', ...headers },
      signal: ctrl.signal,
    });
    const client = new SseClient(res.status, res.headers, ctrl);
    void client.pump(res);
    return client;
  }

  private async pump(res: Response): Promise<void> {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        this.events.push(...parser.push(decoder.decode(value, { stream: true })));
        this.wake();
      }
    } catch {
      // aborted
    }
    this.ended = true;
    this.wake();
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Waits until an event matching `pred` has arrived (or throws after `timeoutMs`). */
  async waitFor(pred: (e: SseEvent) => boolean, timeoutMs = 5000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.events.find(pred);
      if (hit) return hit;
      if (this.ended) throw new Error('stream ended');
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no matching event within ${timeoutMs} ms: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, left).unref();
      });
    }
  }

  async waitEnded(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error('stream did not end');
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50).unref();
      });
    }
  }

  close(): void {
    this.abort.abort();
  }
}
