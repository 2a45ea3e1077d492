/**
 * Trace context across the event bus, for every adapter and every consumer at once: `tracedBus`
 * wraps the bus `openEventBus` returns, so
 * - each publish is a PRODUCER span `send <subject>` (a child of the caller's span), and the W3C
 *   trace context of that span rides in the message headers;
 * - each delivery to a durable consumer or a fan-out subscriber runs its handler in a CONSUMER span
 *   `process <subject>`, a child of the producer context the message carries (a message published
 *   without one starts its own trace);
 * following the OpenTelemetry messaging conventions (`messaging.system`, `messaging.destination.name`,
 * `messaging.operation.type` and `.name`, `messaging.message.id`, `messaging.consumer.group.name`).
 * `messaging.system` says what carries the message: `nats` on NATS JetStream only, `tessera_broker`
 * on the embedded broker (its process or its in-process engine).
 *
 * The broker's own calls (PublishBatch, Ack, Nak, Term, the streams) are transport, not steps of an
 * action: they get no spans (interceptors.ts), so an ack after a handler starts no stray trace.
 */
import {
  context,
  propagation,
  ROOT_CONTEXT,
  trace,
  SpanKind,
  type Attributes,
  type Context,
  type TextMapGetter,
} from '@opentelemetry/api';
import type {
  BusMessage,
  ConsumeOptions,
  EventBus,
  PublishOptions,
  PublishResult,
  SubscribeOptions,
  Subscription,
} from '../bus/port.js';
import { runInSpan } from './spans.js';

const tracer = trace.getTracer('@tessera/kit/bus');

/** What carries the messages, as `messaging.system` names it. */
export type MessagingSystem = 'nats' | 'tessera_broker';

const getter: TextMapGetter<Record<string, string>> = {
  keys: (h) => Object.keys(h),
  get: (h, k) => h[k],
};

/**
 * The trace context a message carries, and only that (never the context the delivery happens to run
 * in: a stream opened at start, or the publisher's own on the in-process bus); none: a new trace.
 */
export function messageContext(headers: Record<string, string> | undefined): Context {
  return propagation.extract(ROOT_CONTEXT, headers ?? {}, getter);
}

/** `headers` plus the W3C trace context of `ctx` (the active context by default). */
export function traceHeaders(
  extra: Record<string, string> = {},
  ctx: Context = context.active(),
): Record<string, string> {
  const headers = { ...extra };
  propagation.inject(ctx, headers);
  return headers;
}

/**
 * Runs `handler` for `msg` in a CONSUMER span `process <subject>`, a child of the trace context in
 * the message headers; a thrown error is recorded on the span and rethrown. `consumer` is the
 * durable name (omitted for a fan-out subscriber).
 */
export function consumeTraced<T>(
  system: MessagingSystem,
  consumer: string | undefined,
  msg: Pick<BusMessage, 'subject' | 'headers' | 'msgId' | 'deliveryCount'>,
  handler: () => Promise<T> | T,
): Promise<T> {
  const parent = messageContext(msg.headers);
  const attributes: Attributes = {
    ...messaging(system, msg.subject, 'process'),
    'messaging.message.id': msg.msgId,
    'messaging.consumer.group.name': consumer,
    'tessera.delivery_count': msg.deliveryCount,
  };
  const span = tracer.startSpan(`process ${msg.subject}`, { kind: SpanKind.CONSUMER, attributes }, parent);
  return runInSpan(span, trace.setSpan(parent, span), handler);
}

function messaging(system: MessagingSystem, subject: string, operation: 'send' | 'process'): Attributes {
  return {
    'messaging.system': system,
    'messaging.destination.name': subject,
    'messaging.operation.type': operation,
    'messaging.operation.name': operation,
  };
}

export class TracedEventBus implements EventBus {
  constructor(
    /** The adapter underneath. */
    readonly inner: EventBus,
    /** What carries its messages. */
    readonly system: MessagingSystem,
  ) {}

  publish(subject: string, data: Uint8Array, options: PublishOptions): Promise<PublishResult> {
    const span = tracer.startSpan(`send ${subject}`, {
      kind: SpanKind.PRODUCER,
      attributes: {
        ...messaging(this.system, subject, 'send'),
        'messaging.message.id': options.msgId,
        'messaging.message.body.size': data.byteLength,
      },
    });
    const ctx = trace.setSpan(context.active(), span);
    const headers = traceHeaders(options.headers, ctx);
    return runInSpan(span, ctx, async () => {
      const result = await this.inner.publish(subject, data, { ...options, headers });
      if (result.duplicate) span.setAttribute('tessera.duplicate', true);
      return result;
    });
  }

  consume(options: ConsumeOptions): Promise<Subscription> {
    const { handler, durable } = options;
    // a handler that is not a function goes through as it is, for the adapter to refuse
    if (typeof handler !== 'function') return this.inner.consume(options);
    return this.inner.consume({
      ...options,
      handler: (msg) => consumeTraced(this.system, durable, msg, () => handler(msg)),
    });
  }

  subscribe(options: SubscribeOptions): Promise<Subscription> {
    const { handler } = options;
    if (typeof handler !== 'function') return this.inner.subscribe(options);
    return this.inner.subscribe({
      ...options,
      handler: (msg) => consumeTraced(this.system, undefined, msg, () => handler(msg)),
    });
  }

  lastSeq(): Promise<number> {
    return this.inner.lastSeq();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** `bus` with a PRODUCER span per publish and a CONSUMER span per delivery (above). */
export function tracedBus(bus: EventBus, system: MessagingSystem): TracedEventBus {
  return new TracedEventBus(bus, system);
}
