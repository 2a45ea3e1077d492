export {
  collectProcessMetrics,
  counter,
  gauge,
  histogram,
  metricsRegistry,
  secondsSince,
  DURATION_BUCKETS,
} from './registry.js';
export { startMetricsServer, METRICS_PATH, type MetricsServer } from './server.js';
export { rpcServerMetrics } from './rpc.js';
export { observeDelivery, observeSettled, type DeliveryOutcome } from './bus.js';
export { watchGate } from './gate.js';
export { observeHttpRequest } from './http.js';
