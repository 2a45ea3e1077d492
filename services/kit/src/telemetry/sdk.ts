/**
 * The tracing SDK of every process: a tracer provider (W3C trace context and baggage propagation,
 * async-local-storage context), the HTTP instrumentation of outgoing HTTP/1 calls, and the OTLP/HTTP
 * exporter when OTEL_EXPORTER_OTLP_ENDPOINT (or _TRACES_ENDPOINT) is set. The sampler follows
 * OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG (default: parent-based, always on), checked at start;
 * `service.version` is TESSERA_VERSION or the process package's version (resource-settings.ts).
 *
 * Incoming requests are not auto-instrumented: the only HTTP/1 server is the BFF, which opens one
 * SERVER span per request itself (bff/src/middleware/request-telemetry.ts: the caller's traceparent,
 * the route template, method and status), and the services' Connect servers open theirs in the
 * kit's interceptors. The HTTP and Koa auto-instrumentations cost the BFF about 145 us of CPU per
 * request (a span per Koa middleware, emitter and context wrapping per request), more than half of a
 * cached read (loadtests/README.md, "Where the time goes").
 *
 * Built from the tracing packages rather than `@opentelemetry/sdk-node`, whose import alone loads
 * every exporter it can configure (OTLP over gRPC, protobuf and HTTP for traces, metrics and logs,
 * Prometheus, Zipkin): about 10 MB per process at idle. Nothing here records OpenTelemetry metrics
 * or logs (logs are pino lines with trace ids), so only traces are set up; the exporter module is
 * loaded only when spans are exported.
 */
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import {
  detectResources,
  envDetector,
  hostDetector,
  processDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { workerData } from 'node:worker_threads';
import { settleWithin } from '../async/settle-within.js';
import { readSamplerSetting, samplerOf, serviceVersion } from './resource-settings.js';

let provider: NodeTracerProvider | undefined;
let disableInstrumentations: (() => void) | undefined;

/** The process's `dist/main.js`: its argv, or the module a worker thread of `npm start` runs. */
function mainModule(): string {
  const fromThread: unknown = (workerData as { main?: unknown } | null)?.main;
  return typeof fromThread === 'string' ? fromThread : (process.argv[1] ?? '');
}

function serviceNameFromArgv(): string {
  const main = mainModule();
  const m = /(?:services\/)?([a-z]+)\/dist\/main\.js$/.exec(main.replaceAll('\\', '/'));
  return m?.[1] ? `tessera-${m[1]}` : 'tessera';
}

/** Starts tracing once. Safe to call from tests; a second call is a no-op. */
export async function startTelemetry(serviceName = process.env.OTEL_SERVICE_NAME ?? serviceNameFromArgv()) {
  if (provider || process.env.OTEL_SDK_DISABLED === 'true') return;
  const sampler = samplerOf(readSamplerSetting(process.env));
  const exporting = Boolean(
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
  );
  // Without an endpoint, spans are still created (trace ids in logs, propagation) but go nowhere.
  const spanProcessors: SpanProcessor[] = [];
  if (exporting) {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    spanProcessors.push(new BatchSpanProcessor(new OTLPTraceExporter()));
  }
  const resource = detectResources({ detectors: [envDetector, hostDetector, processDetector] }).merge(
    resourceFromAttributes({
      [ATTR_SERVICE_NAME]: serviceName,
      [ATTR_SERVICE_VERSION]: serviceVersion(process.env, mainModule()),
    }),
  );
  provider = new NodeTracerProvider({ resource, spanProcessors, sampler });
  provider.register();
  disableInstrumentations = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // outgoing HTTP/1 calls only (a payment provider's API); Connect over HTTP/2 is traced by the
      // kit's interceptors, incoming requests by the BFF's own middleware (above)
      new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
    ],
  });
}

/**
 * Flushes and stops tracing (called during graceful shutdown). Bounded: an unreachable collector
 * or a span still open on a long-lived stream must not hold the process past its stop budget.
 */
export async function shutdownTelemetry(timeoutMs = 1000): Promise<void> {
  const p = provider;
  provider = undefined;
  if (!p) return;
  disableInstrumentations?.();
  disableInstrumentations = undefined;
  await settleWithin(p.shutdown(), timeoutMs);
}
