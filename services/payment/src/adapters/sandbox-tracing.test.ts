/**
 * The sandbox's webhook delivery in the trace of the call that caused it: a CONSUMER span
 * `webhook <type>`, child of the confirming call's span and started while that span is open, with
 * what the handler does (CommitOrder) nested under it.
 */
import { SpanKind, trace } from '@opentelemetry/api';
import { tracing } from '@opentelemetry/sdk-node';
import { openTestStores } from '@tessera/embedded/testing';
import { eventually, useGlobalTracing } from '@tessera/kit/testing';
import { describe, expect, it, onTestFinished } from 'vitest';
import { TEST_CARDS } from '../domain/cards.js';
import { SandboxProvider } from './sandbox-provider.js';

const exporter = new tracing.InMemorySpanExporter();
useGlobalTracing(exporter);
const tracer = trace.getTracer('sandbox-tracing-test');

const nanos = ([s, ns]: [number, number]) => BigInt(s) * 1_000_000_000n + BigInt(ns);

describe('sandbox webhook delivery', () => {
  it('runs in a child span of the confirming call, started before that call ends', async () => {
    const stores = await openTestStores({ prefix: 'sandbox-tracing' });
    onTestFinished(() => stores.close());
    const sandbox = await SandboxProvider.open(stores.store);
    const delivered: string[] = [];
    sandbox.onEvent(async (payload) => {
      // what the service's handler does: an RPC call to canvas, here a span of that name
      await tracer.startActiveSpan('CommitOrder', async (span) => {
        span.end();
      });
      delivered.push((JSON.parse(new TextDecoder().decode(payload)) as { type: string }).type);
    });
    const intent = await sandbox.createIntent({
      amountCents: 1000,
      currency: 'usd',
      description: 'trace test',
      metadata: {},
      idempotencyKey: 'trace-test-1',
    });
    exporter.reset();
    await tracer.startActiveSpan('ConfirmSandboxPayment', async (span) => {
      await sandbox.confirm(intent.clientSecret, {
        number: TEST_CARDS.succeeds,
        expMonth: 12,
        expYear: 2099,
        cvc: '123',
      });
      span.end();
    });
    await eventually(() => delivered.includes('payment_intent.succeeded'));
    const finished = exporter.getFinishedSpans();
    const named = (name: string) => finished.find((s) => s.name === name)!;
    const confirm = named('ConfirmSandboxPayment');
    const webhook = named('webhook payment_intent.succeeded');
    const commit = named('CommitOrder');
    expect(webhook.kind).toBe(SpanKind.CONSUMER);
    expect(webhook.spanContext().traceId).toBe(confirm.spanContext().traceId);
    expect(webhook.parentSpanContext?.spanId).toBe(confirm.spanContext().spanId);
    expect(webhook.attributes['tessera.webhook.event_type']).toBe('payment_intent.succeeded');
    // the delivery's span started while its parent was open (an order of events, not a duration).
    // The SDK stamps a span's start with Date.now(), whole milliseconds (its end adds the duration
    // measured by performance.now()), so the confirm span's recorded end can sit up to 1 ms before
    // its real end: a start before the real end is a start before the recorded end + 1 ms.
    expect(nanos(webhook.startTime)).toBeLessThan(nanos(confirm.endTime) + 1_000_000n);
    expect(commit.parentSpanContext?.spanId).toBe(webhook.spanContext().spanId);
    expect(commit.spanContext().traceId).toBe(confirm.spanContext().traceId);
  });
});
