import { context, SpanStatusCode } from '@opentelemetry/api';
import { tracing } from '@opentelemetry/sdk-node';
import { describe, expect, it } from 'vitest';
import { runInSpan } from './spans.js';

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
