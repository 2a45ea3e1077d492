/** A lock service over a given key-value store, with an in-process bus that records lock events. */
import { fromBinary } from '@bufbuild/protobuf';
import { type KeyValueStore } from '@tessera/kit';
import { testLogger } from '@tessera/kit/testing';
import { LockChangedSchema, type LockChanged } from '@tessera/proto/tessera/events/v1/events_pb.js';
import { createLock, type Lock } from '../setup.js';
import { createInProcessBus } from '@tessera/embedded';

export interface LockHarness extends Lock {
  events: { subject: string; event: LockChanged }[];
  close(): Promise<void>;
}

export async function lockHarness(
  kv: KeyValueStore,
  opts: { now?: () => number; sweepEveryMs?: number } = {},
): Promise<LockHarness> {
  const bus = createInProcessBus();
  const events: LockHarness['events'] = [];
  const sub = await bus.subscribe({
    subjects: ['tessera.lock.*'],
    handler: (msg) => {
      events.push({ subject: msg.subject, event: fromBinary(LockChangedSchema, msg.data) });
    },
  });
  const lock = createLock({
    kv,
    bus,
    logger: testLogger('lock'),
    now: opts.now,
    sweeper: { everyMs: opts.sweepEveryMs ?? 3_600_000 },
  });
  return {
    ...lock,
    events,
    async close() {
      await lock.close();
      await sub.stop();
      await bus.close();
    },
  };
}

// What the integration tests build the service with (`@tessera/lock/testing`).
export { createLock, type Lock };
