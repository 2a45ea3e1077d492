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
