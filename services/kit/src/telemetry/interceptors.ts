import type { Interceptor } from '@connectrpc/connect';
import { ConnectError } from '@connectrpc/connect';
import {
  context,
  propagation,
  trace,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';
import { runInSpan } from './spans.js';

const tracer = trace.getTracer('@tessera/kit/rpc');

const setter: TextMapSetter<Headers> = { set: (h, k, v) => h.set(k, v) };
const getter: TextMapGetter<Headers> = {
  keys: (h) => [...h.keys()],
  get: (h, k) => h.get(k) ?? undefined,
};

/**
 * Calls that are never traced, on either side: health checks (the BFF's `/api/health`, the chart's
 * gRPC probes: about 18 traces a minute per pod of nothing) and the embedded broker's transport
 * (PublishBatch, Ack, Nak, Term, LastSeq and the streams: the PRODUCER and CONSUMER spans of
 * bus-tracing.ts stand for the messages; an ack after a handler would otherwise start a root).
 */
export const UNTRACED_SERVICES: ReadonlySet<string> = new Set([
  'grpc.health.v1.Health',
  'tessera.bus.v1.BrokerService',
]);

function attributes(service: string, method: string) {
  return { 'rpc.system': 'connect_rpc', 'rpc.service': service, 'rpc.method': method };
}

function recordError(span: ReturnType<typeof tracer.startSpan>, err: unknown) {
  const ce = ConnectError.from(err);
  span.setAttribute('rpc.connect_rpc.error_code', ce.code);
  span.recordException(ce);
  span.setStatus({ code: SpanStatusCode.ERROR, message: ce.rawMessage });
}

/**
 * Client side: a CLIENT span per call, with the W3C trace context injected into the request headers
 * (Connect over HTTP/2 is not instrumented automatically).
 */
export const clientTracing: Interceptor = (next) => async (req) => {
  const service = req.service.typeName;
  if (UNTRACED_SERVICES.has(service)) return next(req);
  const method = req.method.name;
  const span = tracer.startSpan(`${service}/${method}`, {
    kind: SpanKind.CLIENT,
    attributes: attributes(service, method),
  });
  const ctx = trace.setSpan(context.active(), span);
  propagation.inject(ctx, req.header, setter);
  return runInSpan(span, ctx, () => next(req), recordError);
};

/** Server side: extracts the caller's trace context and runs the handler inside a SERVER span. */
export const serverTracing: Interceptor = (next) => async (req) => {
  const service = req.service.typeName;
  if (UNTRACED_SERVICES.has(service)) return next(req);
  const method = req.method.name;
  const parent = propagation.extract(context.active(), req.header, getter);
  const span = tracer.startSpan(
    `${service}/${method}`,
    { kind: SpanKind.SERVER, attributes: attributes(service, method) },
    parent,
  );
  const ctx = trace.setSpan(parent, span);
  return runInSpan(span, ctx, () => next(req), recordError);
};
