/**
 * The payment service for tests: the real canvas service (its own harness, on an embedded store,
 * with a clock the test moves) checking board locks with a lock service that answers ValidateLock
 * and GetLockStatus from a table the test sets (payment asks it ValidateLock before a charge), the sandbox provider, and the payment core over an
 * embedded store in a temp folder.
 * `restart()` builds a new core over the same stores and kills the old one: every later call of the
 * old core (store, provider, canvas) throws, as if its process had died at that await.
 * Exported as `@tessera/payment/testing` (`source` condition) for other workspaces' tests.
 */
import { create } from '@bufbuild/protobuf';
import {
  Code,
  ConnectError,
  createClient,
  createRouterTransport,
  type Client,
  type Interceptor,
} from '@connectrpc/connect';
import { clientTracing, serverTracing, type DocumentStore, type EventBus } from '@tessera/kit';
import { testLogger } from '@tessera/kit/testing';
import {
  canvasRoutes,
  createCanvas,
  lockGateOver,
  testArt,
  type CanvasService as CanvasCore,
} from '@tessera/canvas/testing';
import { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { LockSchema, LockService } from '@tessera/proto/tessera/lock/v1/lock_pb.js';
import { PaymentService as PaymentServiceDesc } from '@tessera/proto/tessera/payment/v1/payment_pb.js';
import { SandboxProvider } from '../adapters/sandbox-provider.js';
import { createPayment, type Payment } from '../setup.js';
import { openTestStores } from '@tessera/embedded/testing';

/**
 * What a dead process's next I/O throws: a plain ConnectError (unavailable), so it crosses a Connect
 * transport as itself. Not a subclass: ConnectError's `instanceof` (Symbol.hasInstance) accepts only
 * an object whose prototype is ConnectError.prototype or whose `name` is "ConnectError"; a subclass
 * named "Killed" failed both, so a Connect server answered it as `internal: internal error`.
 */
export function killedError(): ConnectError {
  return new ConnectError('process killed', Code.Unavailable);
}

/** `target` whose methods throw once `dead()` is true (before the call, and after it returned). */
export function killable<T extends object>(target: T, dead: () => boolean): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      const v = Reflect.get(obj, prop, receiver) as unknown;
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        if (dead()) throw killedError();
        const out = (v as (...a: unknown[]) => unknown).apply(obj, args);
        if (out instanceof Promise)
          return out.then((r) => {
            if (dead()) throw killedError();
            return r;
          });
        return out;
      };
    },
  });
}

function killableStore(store: DocumentStore, dead: () => boolean): DocumentStore {
  return {
    collection: async (name, opts) => killable(await store.collection(name, opts), dead),
    close: () => Promise.resolve(),
  };
}

export interface PaymentHarness {
  payment: Payment;
  client: Client<typeof PaymentServiceDesc>;
  sandbox: SandboxProvider;
  canvasCore: CanvasCore;
  canvas: Client<typeof CanvasService>;
  canvasIndex: number;
  bus: EventBus;
  store: DocumentStore;
  /**
   * Lock holders: `board` -> user id and fencing token; `'*'` stands for every board not listed.
   * It starts with `'*'` -> any user, token 1 (every lock check passes); a test that checks refusals
   * deletes it or lists the boards it needs.
   */
  locks: Map<string, { userId: string; fencingToken: number }>;
  /** The payment and canvas clocks (ms); move them with `advance`. */
  now(): number;
  advance(ms: number): void;
  /** Kills the current core and starts a new one over the same stores. */
  restart(): Promise<void>;
  /**
   * Another payment core over the same stores, bus and provider (a second replica), whose canvas
   * client `wrapCanvas` may wrap (to hold its calls); never killed by `restart`.
   */
  replica(
    wrapCanvas?: (canvas: Client<typeof CanvasService>) => Client<typeof CanvasService>,
  ): Promise<Payment>;
  close(): Promise<void>;
}

export async function startPaymentHarness(
  opts: {
    bus?: EventBus;
    claimWaitMs?: number;
    interceptors?: Interceptor[];
    /** Deliver the sandbox's events to the core (default true). */
    deliverEvents?: boolean;
  } = {},
): Promise<PaymentHarness> {
  let clock = Date.now();
  const now = () => clock;
  // the payment service's store and the bus; the canvas service's store beside them on the same bus
  const stores = await openTestStores({ bus: opts.bus, prefix: 'tessera-pay-' });
  const canvasStores = await openTestStores({ bus: stores.bus, prefix: 'tessera-pay-canvas-' });
  const { store, bus } = stores;
  const canvasStore = canvasStores.store;
  const traced = opts.interceptors ?? [];
  const locks = new Map<string, { userId: string; fencingToken: number }>([
    ['*', { userId: '*', fencingToken: 1 }],
  ]);
  const heldOf = (boardIndex: number) => locks.get(String(boardIndex)) ?? locks.get('*');
  const lockTransport = createRouterTransport(
    (router) =>
      router.service(LockService, {
        validateLock(req) {
          const held = heldOf(req.boardIndex);
          const valid =
            held !== undefined &&
            (held.userId === '*' || held.userId === req.userId) &&
            (req.fencingToken === 0 || req.fencingToken === held.fencingToken);
          return {
            valid,
            lock: valid
              ? create(LockSchema, {
                  canvasIndex: req.canvasIndex,
                  boardIndex: req.boardIndex,
                  userId: req.userId,
                  fencingToken: held.fencingToken,
                })
              : undefined,
          };
        },
        getLockStatus(req) {
          // '*' (anyone holds it, fencing token 1): answered as a holder of that token, which the
          // commit's check does not count as a rival (its token is not newer than the reservation's)
          const held = heldOf(req.boardIndex);
          return {
            lock: held
              ? create(LockSchema, {
                  canvasIndex: req.canvasIndex,
                  boardIndex: req.boardIndex,
                  userId: held.userId,
                  fencingToken: held.fencingToken,
                })
              : undefined,
          };
        },
      }),
    {
      transport: { interceptors: traced },
      router: { interceptors: traced.length ? [serverTracing] : [] },
    },
  );
  // the one lock service, asked by the canvas (reserve, commit) and by payment (before a charge)
  const lock = createClient(LockService, lockTransport);
  const canvasCore = await createCanvas({
    store: canvasStore,
    bus,
    logger: testLogger('canvas'),
    now,
    locks: lockGateOver(lock),
  });
  const canvas = createClient(
    CanvasService,
    createRouterTransport(canvasRoutes(canvasCore), {
      transport: { interceptors: traced },
      router: { interceptors: traced.length ? [serverTracing] : [] },
    }),
  );
  const { canvasIndex } = await canvasCore.createCanvas({
    name: 'payment test',
    description: '',
    colorsOf: testArt,
    activate: true,
  });
  const sandbox = await SandboxProvider.open(store, { now });
  const logger = testLogger('payment');

  let generation = 0;
  const build = async () => {
    const mine = ++generation;
    const dead = () => generation !== mine;
    const payment = await createPayment({
      store: killableStore(store, dead),
      bus,
      logger,
      settings: { reconcileEveryMs: 60_000 },
      canvas: killable(canvas, dead),
      lock: killable(lock, dead),
      provider: killable(sandbox, dead),
      now,
      reconcile: false,
      deliverSandboxEvents: false,
      claimWaitMs: opts.claimWaitMs ?? 200,
    });
    return payment;
  };

  let payment = await build();
  const clientFor = (p: Payment) =>
    createClient(
      PaymentServiceDesc,
      createRouterTransport(p.routes, {
        transport: { interceptors: traced.length ? [clientTracing, ...traced] : [] },
        router: { interceptors: traced.length ? [serverTracing] : [] },
      }),
    );
  if (opts.deliverEvents !== false) {
    // the sandbox is the "external" provider: its events go to whichever core is alive now
    sandbox.onEvent(async (payload, signature) => {
      await h.payment.core.handleEvent(payload, signature);
    });
  }
  const h: PaymentHarness = {
    payment,
    client: clientFor(payment),
    sandbox,
    canvasCore,
    canvas,
    canvasIndex,
    bus,
    store,
    locks,
    now,
    advance(ms) {
      clock += ms;
    },
    async restart() {
      payment = await build();
      h.payment = payment;
      h.client = clientFor(payment);
    },
    replica(wrapCanvas = (c) => c) {
      return createPayment({
        store,
        bus,
        logger,
        settings: { reconcileEveryMs: 60_000 },
        canvas: wrapCanvas(canvas),
        lock,
        provider: sandbox,
        now,
        reconcile: false,
        deliverSandboxEvents: false,
        claimWaitMs: opts.claimWaitMs ?? 200,
      });
    },
    async close() {
      generation++;
      await stores.close();
      await canvasStores.close();
    },
  };
  return h;
}
