export * from './port.js';
export {
  publishEvent,
  publishEventBestEffort,
  type BestEffortOptions,
  type PublishEventOptions,
} from './events.js';
export {
  BusError,
  assertDurable,
  assertPattern,
  assertSubject,
  coveringPattern,
  matchesAny,
} from './subjects.js';
export {
  DEFAULT_ACK_WAIT_MS,
  DEFAULT_CONCURRENCY,
  DEFAULT_MAX_DELIVER,
  MAX_DATA_BYTES,
  MAX_MSG_ID_LENGTH,
  MAX_ACK_WAIT_MS,
  MIN_ACK_WAIT_MS,
  resolveConsumeOptions,
  resolveSubscribeOptions,
} from './options.js';
export { logPoison, type PoisonInfo } from './handlers.js';
// The NATS adapter (`./nats.js`) is loaded by openEventBus only when NATS_URL is set.
export type { NatsBus, NatsBusOptions } from './nats.js';
export { openEventBus, type OpenEventBusOptions } from './open.js';
export * from './nats-permissions.js';
export { DEFAULT_RETENTION, type RetentionLimits } from './retention.js';
