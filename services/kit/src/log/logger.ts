import { isMainThread } from 'node:worker_threads';
import { pino, type Logger, type LoggerOptions, type DestinationStream } from 'pino';
import { trace, isSpanContextValid } from '@opentelemetry/api';

export type { Logger } from 'pino';

/** Trace and span ids of the active OpenTelemetry span, for log correlation. */
export function traceFields(): { trace_id?: string; span_id?: string; trace_flags?: string } {
  const span = trace.getActiveSpan();
  const ctx = span?.spanContext();
  if (!ctx || !isSpanContextValid(ctx)) return {};
  return { trace_id: ctx.traceId, span_id: ctx.spanId, trace_flags: `0${ctx.traceFlags.toString(16)}` };
}

/** pino's `isoTime`, but the ISO text is built once per millisecond (at a line per request, several lines share one). */
let lastMs = -1;
let lastTime = '';
function isoTime(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

/** How long a buffered logger holds a line at most, and how much it gathers before writing. */
export const BUFFERED_FLUSH_MS = 200;
const BUFFERED_MIN_BYTES = 4096;

/**
 * pino JSON logger: one line per event, `service` on every line, and the active trace and span ids
 * (so a log line can be found from a trace and the other way round).
 *
 * `buffered: true` gathers lines and writes stdout once 4 KiB have gathered (one write(2) for about
 * fifteen request lines instead of one each), at the latest after BUFFERED_FLUSH_MS, and what is left
 * when the process exits (also on process.exit). The BFF logs a line per request this way.
 */
export function createLogger(
  service: string,
  opts: { level?: string; destination?: DestinationStream; buffered?: boolean } = {},
): Logger {
  const options: LoggerOptions = {
    level: opts.level ?? process.env.LOG_LEVEL ?? 'info',
    base: { service, pid: process.pid },
    timestamp: isoTime,
    messageKey: 'msg',
    formatters: { level: (label) => ({ level: label }) },
    mixin: traceFields,
    redact: {
      paths: [
        'password',
        '*.password',
        'newPassword',
        '*.newPassword',
        'token',
        '*.token',
        'authorization',
        '*.authorization',
        'headers.authorization',
        'headers.cookie',
        '*.refresh_token',
        '*.client_secret',
      ],
      censor: '[redacted]',
    },
  };
  const destination =
    opts.destination ?? (opts.buffered ? bufferedStdout() : isMainThread ? undefined : threadStdout());
  return destination ? pino(options, destination) : pino(options);
}

/**
 * stdout of a service running as a worker thread (`npm start`'s default): pino's own stdout writes
 * asynchronously and, in a worker thread, does not flush when the thread exits, so the last lines
 * (the graceful stop's "stopped") could be lost. Each line is written at once instead.
 */
function threadStdout(): DestinationStream {
  return pino.destination({ dest: 1, sync: true });
}

function bufferedStdout(): DestinationStream {
  const stream = pino.destination({
    dest: 1,
    sync: true, // written on the event loop: no thread-pool round trip per write
    minLength: BUFFERED_MIN_BYTES,
    periodicFlush: BUFFERED_FLUSH_MS,
  });
  // pino flushes a synchronous destination at exit only when asked to
  process.once('exit', () => stream.flushSync());
  return stream;
}
