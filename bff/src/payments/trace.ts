/**
 * One trace per purchase: the web app sends the same W3C `traceparent` on every call of a purchase.
 * Where the SDK's HTTP instrumentation already opened a server span (production), this adds nothing;
 * without one (no SDK preloaded), it joins the caller's trace itself, so the payment, canvas and
 * lock spans and the event consumers share the purchase's trace id either way.
 */
import { context, propagation, trace, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { Context, Next } from 'koa';

const tracer = trace.getTracer('@tessera/bff/payments');

export function purchaseTrace(name: string) {
  return async function purchaseTraceMiddleware(ctx: Context, next: Next) {
    if (trace.getSpan(context.active())) return next();
    const parent = propagation.extract(context.active(), ctx.headers);
    const span = tracer.startSpan(`${ctx.method} ${name}`, { kind: SpanKind.SERVER }, parent);
    try {
      await context.with(trace.setSpan(parent, span), next);
      span.setAttribute('http.response.status_code', ctx.status);
    } catch (err) {
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: err instanceof Error ? err.message : String(err),
      });
      throw err;
    } finally {
      span.end();
    }
  };
}
