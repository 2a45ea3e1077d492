/**
 * `@tessera/kit/adapters`: what an adapter of the kit's ports is built from, for adapters that live
 * outside the kit (the embedded backends of `@tessera/embedded`). The ports themselves, their
 * errors and the `open*` factories are in the main export; these are the shared checks and
 * plumbing every adapter of a port extends or runs on that the main export does not carry, so an
 * outside adapter is held to the same rules as the kit's real adapters.
 */
export { DEFAULT_BACKOFF, isTransient } from './async/retry.js';
export { createUnaryTransport } from './rpc/unary-transport.js';
export {
  CheckedKeyValueStore,
  type ExpectedEntry,
  type ExtendEntry,
  type NamespacedChanges,
  type ValueEntry,
} from './kv/checked-kv.js';
export { addCounter, parseCounter } from './kv/validate.js';
export { CheckedEventBus } from './bus/checked-bus.js';
export { durableConsumer, orderedSubscriber, SubscriptionSet, type Settle } from './bus/handlers.js';
export { assertPublish } from './bus/options.js';
export { PublishQueue, type QueuedMessage } from './bus/publish-queue.js';
export { TickBatches } from './bus/tick-batches.js';
