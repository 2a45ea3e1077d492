/**
 * Trace context across the event bus: a publisher puts the active W3C trace context into the
 * message headers (`traceHeaders`), and a consumer runs its handler in a CONSUMER span whose parent
 * is the context the message carries (`consumeTraced`), so one user action is one trace from the
 * browser's request through every RPC and every event consumer.
 */
import { context, propagation, trace, SpanKind, type TextMapGetter } from '@opentelemetry/api';
import type { BusMessage } from '../bus/port.js';
import { runInSpan } from './spans.js';

const tracer = trace.getTracer('@tessera/kit/bus');

const getter: TextMapGetter<Record<string, string>> = {
  keys: (h) => Object.keys(h),
  get: (h, k) => h[k],
};

/** The active trace context as message headers (empty when no span is active). */
export function traceHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const headers = { ...extra };
  propagation.inject(context.active(), headers);
  return headers;
}

/**
 * Runs `handler` for `msg` inside a CONSUMER span named `<subject> process`, a child of the trace
 * context in the message headers; a thrown error is recorded on the span and rethrown.
 */
export async function consumeTraced<T>(
  consumer: string,
  msg: Pick<BusMessage, 'subject' | 'headers' | 'seq' | 'deliveryCount'>,
  handler: () => Promise<T> | T,
): Promise<T> {
  const parent = propagation.extract(context.active(), msg.headers ?? {}, getter);
  const span = tracer.startSpan(
    `${msg.subject} process`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'nats',
        'messaging.destination.name': msg.subject,
        'messaging.operation.type': 'process',
        'messaging.consumer.group.name': consumer,
        'messaging.message.id': String(msg.seq),
        'tessera.delivery_count': msg.deliveryCount,
      },
    },
    parent,
  );
  return runInSpan(span, trace.setSpan(parent, span), handler);
}
