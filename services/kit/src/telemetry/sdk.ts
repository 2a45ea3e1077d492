import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { KoaInstrumentation } from '@opentelemetry/instrumentation-koa';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { tracing } from '@opentelemetry/sdk-node';

let sdk: NodeSDK | undefined;

function serviceNameFromArgv(): string {
  const main = process.argv[1] ?? '';
  const m = /(?:services\/)?([a-z]+)\/dist\/main\.js$/.exec(main.replaceAll('\\', '/'));
  return m?.[1] ? `tessera-${m[1]}` : 'tessera';
}

/** Starts the SDK once. Safe to call from tests; a second call is a no-op. */
export async function startTelemetry(serviceName = process.env.OTEL_SERVICE_NAME ?? serviceNameFromArgv()) {
  if (sdk || process.env.OTEL_SDK_DISABLED === 'true') return;
  const exporting = Boolean(
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
  );
  // Without an endpoint, spans are still created (trace ids in logs, propagation) but go nowhere.
  const processors: tracing.SpanProcessor[] = [
    exporting ? new tracing.BatchSpanProcessor(new OTLPTraceExporter()) : new tracing.NoopSpanProcessor(),
  ];
  sdk = new NodeSDK({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName, [ATTR_SERVICE_VERSION]: '0.1.0' }),
    spanProcessors: processors,
    // Without an endpoint the SDK would still build OTLP metric and log exporters aimed at
    // localhost:4318, which retry on shutdown; with one, OTEL_METRICS_EXPORTER/OTEL_LOGS_EXPORTER apply.
    ...(exporting ? {} : { metricReaders: [], logRecordProcessors: [] }),
    sampler: new tracing.ParentBasedSampler({ root: new tracing.AlwaysOnSampler() }),
    instrumentations: [
      new HttpInstrumentation({
        // Connect over HTTP/2 is traced by our interceptors; health probes are noise.
        ignoreIncomingRequestHook: (req) => /\/(healthz|readyz)$|grpc\.health\.v1/.test(req.url ?? ''),
      }),
      new KoaInstrumentation(),
    ],
  });
  sdk.start();
}

/**
 * Flushes and stops the SDK (called during graceful shutdown). Bounded: an unreachable collector
 * or a span still open on a long-lived stream must not hold the process past its stop budget.
 */
export async function shutdownTelemetry(timeoutMs = 1000): Promise<void> {
  const s = sdk;
  sdk = undefined;
  if (!s) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
    timer.unref();
  });
  await Promise.race([s.shutdown().catch(() => undefined), timeout]);
  clearTimeout(timer);
}
