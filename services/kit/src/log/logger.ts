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

/**
 * pino JSON logger: one line per event, `service` on every line, and the active trace and span ids
 * (so a log line can be found from a trace and the other way round).
 *
 * `buffered: true` writes stdout asynchronously: lines logged while a write is in flight are joined
 * into the next one (one write for many lines under load, none held back when idle), and what is
 * left is written synchronously when the process exits. The BFF logs a line per request this way.
 */
export function createLogger(
  service: string,
  opts: { level?: string; destination?: DestinationStream; buffered?: boolean } = {},
): Logger {
  const options: LoggerOptions = {
    level: opts.level ?? process.env.LOG_LEVEL ?? 'info',
    base: { service, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
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
    opts.destination ?? (opts.buffered ? pino.destination({ dest: 1, sync: false }) : undefined);
  return destination ? pino(options, destination) : pino(options);
}
