import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { tracing } from '@opentelemetry/sdk-node';
import { describe, expect, it } from 'vitest';
import { runInSpan, withSpan } from './spans.js';
import { useGlobalTracing } from './test/global-tracing.js';

const exporter = new tracing.InMemorySpanExporter();
const tracer = new tracing.BasicTracerProvider({
  spanProcessors: [new tracing.SimpleSpanProcessor(exporter)],
}).getTracer('spans-test');

describe('runInSpan', () => {
  it('returns what the work returns and ends the span without an error status', async () => {
    exporter.reset();
    const span = tracer.startSpan('ok');
    expect(await runInSpan(span, context.active(), async () => 42)).toBe(42);
    const [done] = exporter.getFinishedSpans();
    expect(done?.name).toBe('ok');
    expect(done?.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('records a thrown error on the span, rethrows it and still ends the span', async () => {
    exporter.reset();
    const span = tracer.startSpan('fails');
    await expect(
      runInSpan(span, context.active(), () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const [done] = exporter.getFinishedSpans();
    expect(done?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'boom' });
    expect(done?.events.map((e) => e.name)).toEqual(['exception']);
  });

  it('lets the caller record the error its own way', async () => {
    exporter.reset();
    const span = tracer.startSpan('custom');
    const own = (s: typeof span, err: unknown) => s.setAttribute('seen', String(err));
    await expect(
      runInSpan(span, context.active(), () => Promise.reject(new Error('no')), own),
    ).rejects.toThrow('no');
    const [done] = exporter.getFinishedSpans();
    expect(done?.attributes['seen']).toBe('Error: no');
    expect(done?.status.code).toBe(SpanStatusCode.UNSET);
  });
});

describe('withSpan', () => {
  const global = new tracing.InMemorySpanExporter();
  useGlobalTracing(global);

  it('runs the work in a child span of the active one, with the attributes given and added', async () => {
    global.reset();
    const result = await trace.getTracer('test').startActiveSpan('request', async (parent) => {
      const r = await withSpan('step', { 'tessera.operator': 'ops' }, async (span) => {
        expect(trace.getActiveSpan()).toBe(span);
        span.setAttribute('tessera.found', 2);
        return 'done';
      });
      parent.end();
      return r;
    });
    expect(result).toBe('done');
    const step = global.getFinishedSpans().find((s) => s.name === 'step')!;
    const request = global.getFinishedSpans().find((s) => s.name === 'request')!;
    expect(step.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(step.attributes).toEqual({ 'tessera.operator': 'ops', 'tessera.found': 2 });
  });

  it('records a failure on the span, rethrows it and ends the span', async () => {
    global.reset();
    await expect(withSpan('failing', {}, () => Promise.reject(new Error('no canvas')))).rejects.toThrow(
      'no canvas',
    );
    const [span] = global.getFinishedSpans();
    expect(span?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'no canvas' });
  });
});
