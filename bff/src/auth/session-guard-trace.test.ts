// What the session guard puts in the request's trace: whether the session was live and whether
// identity was asked, as attributes of the span that is active (the request's SERVER span), and no
// span of its own (a check is nearly always answered from memory: a span per request for a lookup).
import { afterAll, describe, expect, it } from 'vitest';
import { context, propagation, trace } from '@opentelemetry/api';
import { node, tracing } from '@opentelemetry/sdk-node';
import { testLogger } from '@tessera/kit/testing';
import { SessionGuard } from './session-guard.js';

const exporter = new tracing.InMemorySpanExporter();
new node.NodeTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] }).register();
afterAll(() => {
  trace.disable();
  context.disable();
  propagation.disable();
});

/** Runs `work` inside a span `name` (as the BFF's request span is active for its routes); the span. */
async function inSpan(name: string, work: () => Promise<unknown>) {
  const span = trace.getTracer('test').startSpan(name);
  await context.with(trace.setSpan(context.active(), span), work);
  span.end();
  return exporter.getFinishedSpans().find((s) => s.name === name)!;
}

describe('SessionGuard in a trace', () => {
  it('records the answer and whether identity was asked on the active span, with no span of its own', async () => {
    let calls = 0;
    const g = new SessionGuard({
      checkSession: async () => {
        calls++;
        return true;
      },
      checkTtlMs: 30_000,
      now: () => 1_000_000,
      logger: testLogger('guard'),
    });
    const first = await inSpan('first request', () => g.isActive('s1'));
    const second = await inSpan('second request', () => g.isActive('s1'));
    expect(calls).toBe(1);
    expect(first.attributes).toMatchObject({
      'tessera.session.active': true,
      'tessera.session.asked_identity': true,
    });
    expect(second.attributes).toMatchObject({
      'tessera.session.active': true,
      'tessera.session.asked_identity': false,
    });
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['first request', 'second request']);
  });
});
