/**
 * OpenTelemetry bootstrap, loaded before the application with
 * `node --import @tessera/kit/instrument dist/main.js`.
 * ESM needs the loader hook registered first, or Koa and outgoing HTTP get no spans.
 * Spans are exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set; without it traces are
 * still created (so logs carry trace ids and context propagates between services) but not exported.
 */
import { register } from 'node:module';
import { startTelemetry } from './sdk.js';

register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
await startTelemetry();
