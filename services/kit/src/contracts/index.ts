/**
 * `@tessera/kit/contracts` (tests only): the one index of the ports' contract suites. Each port's
 * suite is in parts (`*.contract.ts` beside the port), every part a `register*Tests(ctx)` that
 * imports none of the others; this file puts each port's parts together into one suite to run
 * against an adapter. The kit's tests run them against the real adapters (MongoDB, Redis, NATS
 * JetStream, GridFS), `@tessera/embedded`'s against the embedded ones, `services/broker`'s against
 * the broker process.
 */
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import type { Subscription } from '../bus/port.js';
import { captureLogger, type LogCapture } from '../bus/test/log-capture.js';
import { registerPublishTests } from '../bus/bus.contract.js';
import { registerDurableTests } from '../bus/bus-durable.contract.js';
import { registerFanoutTests } from '../bus/bus-fanout.contract.js';
import { registerInputTests } from '../bus/bus-input.contract.js';
import { registerCrudTests, registerReopenTests, registerShapeTests } from '../docstore/docstore.contract.js';
import { registerConcurrencyTests } from '../docstore/docstore-concurrency.contract.js';
import { registerFilterTests } from '../docstore/docstore-filters.contract.js';
import { registerUniqueTests } from '../docstore/docstore-unique.contract.js';
import { registerUpdateTests } from '../docstore/docstore-updates.contract.js';
import { registerBasicTests, registerBytesAndScanTests, registerSortedSetTests } from '../kv/kv.contract.js';
import { registerChangesTests } from '../kv/kv-changes.contract.js';
import { registerExpiryTests } from '../kv/kv-expiry.contract.js';
import { registerLockTests } from '../kv/kv-locks.contract.js';
import type { BusContractContext, BusFactory, BusFixture } from './bus-context.js';
import type { ContractContext as DocumentStoreContext, DocumentStoreFixture } from './docstore-context.js';
import type { ContractContext as KeyValueContext, KeyValueFixture } from './kv-context.js';

export {
  decode,
  encode,
  publishN,
  recorder,
  roundTrip,
  type BusContractContext,
  type BusFactory,
  type BusFixture,
} from './bus-context.js';
export type { DocumentStoreFixture } from './docstore-context.js';
export type { KeyValueFixture } from './kv-context.js';
export { objectStoreContract, type ObjectStoreFixture } from '../objects/objects.contract.js';
export { reopenable, type Reopenable } from './reopenable.js';

/** The event-bus contract against the adapter `factory` opens. */
export function eventBusContract(name: string, factory: BusFactory): void {
  describe(`EventBus contract: ${name}`, () => {
    let fixture: BusFixture | undefined;
    let capture: LogCapture | undefined;
    let n = 0;
    const run = `c${Math.random().toString(36).slice(2, 8)}`;
    const tracked: Subscription[] = [];
    const ctx: BusContractContext = {
      bus: () => {
        if (!fixture) throw new Error('bus not opened');
        return fixture.bus;
      },
      logs: () => capture!,
      subject: (label) => `tessera.${run}.${label}.${++n}`,
      durable: (label) => `${label}-${run}-${++n}`,
      msgId: (label) => `${label}-${run}-${++n}`,
      track: (sub) => {
        tracked.push(sub);
        return sub;
      },
      open: () => factory(captureLogger(`bus-contract-${name}`).logger),
    };

    beforeAll(async () => {
      capture = captureLogger(`bus-contract-${name}`);
      fixture = await factory(capture.logger);
    });
    afterEach(async () => {
      await Promise.all(tracked.splice(0).map((s) => s.stop()));
    });
    afterAll(async () => {
      await fixture?.cleanup();
    });

    registerPublishTests(ctx);
    registerDurableTests(ctx);
    registerFanoutTests(ctx);
    registerInputTests(ctx);
  });
}

/** The document-store contract against the adapter `open` opens. */
export function documentStoreContract(name: string, open: () => Promise<DocumentStoreFixture>): void {
  describe(`DocumentStore contract: ${name}`, () => {
    let fixture: DocumentStoreFixture | undefined;
    let n = 0;
    const run = Math.random().toString(36).slice(2, 8);
    const ctx: DocumentStoreContext = {
      store: () => {
        if (!fixture) throw new Error('store not opened');
        return fixture.store;
      },
      coll: (label, indexes) => ctx.store().collection(`c_${run}_${label}_${++n}`, { indexes }),
      reopen: undefined,
    };

    beforeAll(async () => {
      const f = await open();
      fixture = f;
      const reopen = f.reopen;
      if (reopen)
        ctx.reopen = async () => {
          f.store = await reopen();
          return f.store;
        };
    });
    afterAll(async () => {
      await fixture?.cleanup();
    });

    registerCrudTests(ctx);
    registerShapeTests(ctx);
    registerFilterTests(ctx);
    registerUpdateTests(ctx);
    registerUniqueTests(ctx);
    registerConcurrencyTests(ctx);
    registerReopenTests(ctx);
  });
}

/** The key-value contract against the adapter `open` opens. */
export function keyValueContract(name: string, open: () => Promise<KeyValueFixture>): void {
  describe(`KeyValueStore contract: ${name}`, () => {
    let fixture: KeyValueFixture | undefined;
    let n = 0;
    const ctx: KeyValueContext = {
      kv: () => {
        if (!fixture) throw new Error('store not opened');
        return fixture.kv;
      },
      key: (label) => `${label}:${++n}`,
      open,
    };

    beforeAll(async () => {
      fixture = await open();
    });
    afterAll(async () => {
      await fixture?.cleanup();
    });

    registerBasicTests(ctx);
    registerLockTests(ctx);
    registerChangesTests(ctx);
    registerExpiryTests(ctx);
    registerBytesAndScanTests(ctx);
    registerSortedSetTests(ctx);
  });
}
