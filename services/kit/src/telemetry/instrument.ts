/**
 * OpenTelemetry bootstrap, loaded before the application with
 * `node --import @tessera/kit/instrument dist/main.js`.
 * Spans are exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set; without it traces are
 * still created (so logs carry trace ids and context propagates between services) but not exported.
 *
 * No ESM loader hook (`import-in-the-middle`) is registered: on Node 20 it runs a loader thread and
 * wraps every ES module, about 30 MB per process at idle (16 MB even when limited to one module), for
 * spans we get otherwise. The one instrumentation hooks `require`: HTTP (`node:http`), for outgoing
 * HTTP/1 calls. Connect over HTTP/2 is traced by the kit's interceptors, the BFF's incoming requests
 * by its own middleware (bff/src/middleware/request-telemetry.ts).
 */
import { startTelemetry } from './sdk.js';

await startTelemetry();
