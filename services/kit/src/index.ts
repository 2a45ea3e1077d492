export * from './config/env.js';
export { BoundedMap, touch } from './bounded-map.js';
export { constantTimeEqual, sha256Base64url } from './digest.js';
export { etagMatches, IF_NONE_MATCH_MAX_CHARS } from './http/etag.js';
export { SingleFlight, type SingleFlightOptions } from './async/single-flight.js';
export { startPeriodic, type Periodic, type PeriodicOptions } from './async/periodic.js';
export { settleWithin } from './async/settle-within.js';
export {
  backoffDelayMs,
  cappedExponential,
  retrying,
  sleepUnlessAborted,
  type Backoff,
  type RetryOptions,
} from './async/retry.js';
export * from './config/service-config.js';
export * from './log/logger.js';
export * from './errors/index.js';
export * from './telemetry/interceptors.js';
export * from './telemetry/bus-tracing.js';
export { followUpSpan, untraced, withSpan } from './telemetry/spans.js';
export { startTelemetry, shutdownTelemetry } from './telemetry/sdk.js';
export * from './rpc/health.js';
export * from './rpc/server.js';
export * from './rpc/client.js';
export * from './rpc/identity/index.js';
export * from './service/run.js';
export * from './docstore/index.js';
export * from './kv/index.js';
export * from './bus/index.js';
export * from './objects/index.js';
export type { EmbeddedBackends, EmbeddedLoader } from './compose/embedded.js';
export * from './load/admission-gate.js';
export * from './metrics/index.js';
