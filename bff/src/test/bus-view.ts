import type { EventBus } from '@tessera/kit';

/**
 * A view of a test stack's bus whose `subscribe` is replaced (to count, delay or refuse
 * subscriptions); everything else goes to the bus. Closing the view leaves the bus open: the
 * stack owns it.
 */
export function busWithSubscribe(bus: EventBus, subscribe: EventBus['subscribe']): EventBus {
  return {
    publish: (...a) => bus.publish(...a),
    consume: (o) => bus.consume(o),
    lastSeq: () => bus.lastSeq(),
    close: async () => undefined,
    subscribe,
  };
}
