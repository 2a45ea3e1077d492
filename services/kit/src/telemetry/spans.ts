/**
 * The one way a span wraps work here (RPC client and server, event consumers): the work runs with
 * the span active, a thrown error is recorded on the span and rethrown, and the span ends either way.
 */
import { context, SpanStatusCode, type Context, type Span } from '@opentelemetry/api';

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
