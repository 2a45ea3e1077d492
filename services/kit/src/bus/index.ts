export * from './port.js';
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
  MIN_ACK_WAIT_MS,
} from './options.js';
export { logPoison, type PoisonInfo } from './handlers.js';
export { createInProcessBus, InProcessBus, type InProcessBusOptions } from './in-process.js';
export { RemoteBus, type RemoteBusOptions } from './remote.js';
export { NatsBus, type NatsBusOptions } from './nats.js';
export { openEventBus, type OpenEventBusOptions } from './open.js';
export { Broker, type BrokerOptions } from './broker/core.js';
export { startBrokerServer, type BrokerServer, type BrokerServerOptions } from './broker/server.js';
export { FileJournal } from './broker/journal.js';
export { DEFAULT_RETENTION, type RetentionLimits } from './broker/stream.js';
