/**
 * For tests of what only shows with the process's tracing in place: registers, for the test file,
 * the global tracer provider, async-local context and W3C propagation as telemetry/sdk.ts does,
 * exporting to `exporter`, and takes them away after the file.
 */
import { context, propagation, trace } from '@opentelemetry/api';
import { node, tracing } from '@opentelemetry/sdk-node';
import { afterAll, beforeAll } from 'vitest';

export function useGlobalTracing(exporter: tracing.SpanExporter = new tracing.InMemorySpanExporter()): void {
  beforeAll(() => {
    new node.NodeTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] }).register();
  });
  afterAll(() => {
    trace.disable();
    context.disable();
    propagation.disable();
  });
}
