import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { tracing } from '@opentelemetry/sdk-node';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createInProcessBus } from '@tessera/embedded';
import type { BusMessage } from '../bus/port.js';
import { tracedBus } from './bus-tracing.js';
import { useGlobalTracing } from './test/global-tracing.js';

const exporter = new tracing.InMemorySpanExporter();
useGlobalTracing(exporter);
const tracer = trace.getTracer('bus-tracing-test');

function spans(name: string) {
  return exporter.getFinishedSpans().filter((s) => s.name === name);
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

function openTraced(system: 'nats' | 'tessera_broker' = 'tessera_broker') {
  const bus = tracedBus(createInProcessBus(), system);
  onTestFinished(() => bus.close());
  return bus;
}

const SUBJECT = 'tessera.test.traced';

describe('tracedBus', () => {
  it('publishes in a PRODUCER span, child of the caller, whose context rides in the headers', async () => {
    exporter.reset();
    const bus = openTraced();
    const got: BusMessage[] = [];
    await bus.subscribe({ subjects: [SUBJECT], handler: (m) => void got.push(m) });
    await tracer.startActiveSpan('action', async (action) => {
      await bus.publish(SUBJECT, new Uint8Array([1]), { msgId: 'm1', headers: { extra: 'x' } });
      action.end();
    });
    await until(() => got.length === 1);
    const [send] = spans(`send ${SUBJECT}`);
    const [action] = spans('action');
    expect(send?.kind).toBe(SpanKind.PRODUCER);
    expect(send?.parentSpanContext?.spanId).toBe(action!.spanContext().spanId);
    expect(send?.attributes).toMatchObject({
      'messaging.system': 'tessera_broker',
      'messaging.destination.name': SUBJECT,
      'messaging.operation.type': 'send',
      'messaging.message.id': 'm1',
    });
    const { traceId, spanId } = send!.spanContext();
    expect(got[0]?.headers['traceparent']).toBe(`00-${traceId}-${spanId}-01`);
    expect(got[0]?.headers['extra']).toBe('x');
  });

  it('runs every durable handler and subscriber in a CONSUMER span, child of the producer', async () => {
    exporter.reset();
    const bus = openTraced('nats');
    const inHandler: (string | undefined)[] = [];
    await bus.consume({
      durable: 'traced-durable',
      subjects: [SUBJECT],
      handler: async () => void inHandler.push(trace.getActiveSpan()?.spanContext().traceId),
    });
    await bus.subscribe({
      subjects: [SUBJECT],
      handler: () => void inHandler.push(trace.getActiveSpan()?.spanContext().traceId),
    });
    await tracer.startActiveSpan('action', async (action) => {
      await bus.publish(SUBJECT, new Uint8Array([1]), { msgId: 'm2' });
      action.end();
    });
    await until(() => spans(`process ${SUBJECT}`).length === 2);
    const [send] = spans(`send ${SUBJECT}`);
    const processed = spans(`process ${SUBJECT}`);
    for (const p of processed) {
      expect(p.kind).toBe(SpanKind.CONSUMER);
      expect(p.spanContext().traceId).toBe(send!.spanContext().traceId);
      expect(p.parentSpanContext?.spanId).toBe(send!.spanContext().spanId);
      expect(p.attributes).toMatchObject({
        'messaging.system': 'nats',
        'messaging.operation.type': 'process',
        'messaging.message.id': 'm2',
      });
    }
    expect(processed.map((p) => p.attributes['messaging.consumer.group.name']).sort()).toEqual([
      'traced-durable',
      undefined,
    ]);
    expect(inHandler).toEqual([send!.spanContext().traceId, send!.spanContext().traceId]);
  });

  it('records a failing handler on its span; the message is still redelivered', async () => {
    exporter.reset();
    const bus = openTraced();
    let calls = 0;
    await bus.consume({
      durable: 'traced-failing',
      subjects: [SUBJECT],
      ackWaitMs: 1000,
      handler: async () => {
        if (++calls === 1) throw new Error('not yet');
      },
    });
    await bus.publish(SUBJECT, new Uint8Array([1]), { msgId: 'm3' });
    await until(() => spans(`process ${SUBJECT}`).length === 2);
    const [first, second] = spans(`process ${SUBJECT}`);
    expect(first?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'not yet' });
    expect(first?.attributes['tessera.delivery_count']).toBe(1);
    expect(second?.status.code).toBe(SpanStatusCode.UNSET);
    expect(second?.attributes['tessera.delivery_count']).toBe(2);
  });
});
