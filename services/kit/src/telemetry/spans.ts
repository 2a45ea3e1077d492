/**
 * The one way a span wraps work here (RPC client and server, event consumers, a service's own
 * steps): the work runs with the span active, a thrown error is recorded on the span and rethrown,
 * and the span ends either way.
 */
import { suppressTracing } from '@opentelemetry/core';
import {
  context,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';

const tracer = trace.getTracer('@tessera/kit');

/** Records `err` on `span` as an exception with an ERROR status. */
export function recordFailure(span: Span, err: unknown): void {
  const error = err instanceof Error ? err : new Error(String(err));
  span.recordException(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
}

/** Runs `work` in `ctx` (which holds `span`); `record` puts an error on the span before it is rethrown. */
export async function runInSpan<T>(
  span: Span,
  ctx: Context,
  work: () => Promise<T> | T,
  record: (span: Span, err: unknown) => void = recordFailure,
): Promise<T> {
  try {
    return await context.with(ctx, work);
  } catch (err) {
    record(span, err);
    throw err;
  } finally {
    span.end();
  }
}

/**
 * Runs `work` in a new span `name` (a child of the active one, with `attributes`), active while it
 * runs; `work` may add attributes to it (what it found). For a service's own long steps, such as
 * submission's hand-over.
 */
export function withSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T> | T,
): Promise<T> {
  const span = tracer.startSpan(name, { attributes });
  return runInSpan(span, trace.setSpan(context.active(), span), () => work(span));
}

/**
 * For work that follows the active span later, after it may have ended (a webhook delivered once the
 * call that caused it has answered): starts a CONSUMER span `name` now, a child of the active span
 * while that one is still open (an asynchronous follow-up, as the messaging conventions model one),
 * and returns the runner that later does `work` in it (active while it runs, ended after). So no child
 * starts after its parent has ended, and the work stays in the caller's trace.
 */
export function followUpSpan(
  name: string,
  attributes: Attributes,
): <T>(work: () => Promise<T> | T) => Promise<T> {
  const span = tracer.startSpan(name, { kind: SpanKind.CONSUMER, attributes });
  const ctx = trace.setSpan(context.active(), span);
  return (work) => runInSpan(span, ctx, work);
}

/**
 * Runs `work` with tracing suppressed: no span starts inside it, so no call it makes is traced and
 * none carries a trace context (health checks: a trace per probe is noise in every trace store).
 */
export function untraced<T>(work: () => T): T {
  return context.with(suppressTracing(context.active()), work);
}
