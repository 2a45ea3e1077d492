/**
 * Builds the payment service from its adapters: the order repository over the document store, the
 * provider (Stripe when its three keys are set, else the sandbox), the canvas and lock clients and the bus;
 * starts the reconciliation job. main.ts calls it with the configured adapters; tests call it with
 * an embedded store, an in-process canvas transport and a clock they control.
 */
import type { Client } from '@connectrpc/connect';
import {
  closingInOrder,
  createPeerClient,
  startPeriodic,
  type DocumentStore,
  type EventBus,
  type Logger,
  type ServiceSetup,
  type ServiceParts,
} from '@tessera/kit';
import { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { LockService } from '@tessera/proto/tessera/lock/v1/lock_pb.js';
import { lockCheckOver } from './adapters/lock-check.js';
import { OrderRepository } from './adapters/orders.js';
import type { PaymentProvider } from './adapters/provider.js';
import { SandboxProvider } from './adapters/sandbox-provider.js';
import { StripeProvider } from './adapters/stripe-provider.js';
import { routes, SERVICES } from './routes.js';
import { PaymentService } from './service/payment-service.js';
import type { PaymentSettings } from './settings.js';

export interface PaymentParts {
  store: DocumentStore;
  bus: EventBus;
  canvas: Client<typeof CanvasService>;
  /** The lock service (ValidateLock before a card is charged). */
  lock: Client<typeof LockService>;
  logger: Logger;
  settings: PaymentSettings;
  now?: () => number;
  /** A provider built by the caller (tests); otherwise from the settings. */
  provider?: PaymentProvider;
  /** Start the reconciliation timer (default true). */
  reconcile?: boolean;
  claimWaitMs?: number;
  /** Hand the sandbox's events to this core's webhook handler (default true). */
  deliverSandboxEvents?: boolean;
}

export interface Payment extends ServiceParts {
  core: PaymentService;
  close(): Promise<void>;
}

export async function createPayment(parts: PaymentParts): Promise<Payment> {
  const { store, logger, settings } = parts;
  const now = parts.now ?? Date.now;
  const repo = await OrderRepository.open(store);
  let sandbox: SandboxProvider | undefined;
  let provider = parts.provider;
  if (!provider) {
    if (settings.stripe) provider = new StripeProvider(settings.stripe);
    else {
      sandbox = await SandboxProvider.open(store, {
        now,
        onError: (err) => logger.warn({ err }, 'sandbox webhook delivery failed'),
      });
      provider = sandbox;
    }
  } else if (provider instanceof SandboxProvider) sandbox = provider;
  const core = new PaymentService({
    repo,
    provider,
    sandbox,
    canvas: parts.canvas,
    locks: lockCheckOver(parts.lock),
    bus: parts.bus,
    logger,
    now,
    claimWaitMs: parts.claimWaitMs,
  });
  // the sandbox's events reach the same handler as Stripe's webhooks
  if (parts.deliverSandboxEvents !== false)
    sandbox?.onEvent(async (payload, signature) => {
      await core.handleEvent(payload, signature);
    });
  logger.info({ provider: provider.name, testMode: provider.testMode }, 'payment provider ready');
  const reconciliation =
    parts.reconcile === false
      ? undefined
      : startPeriodic({
          name: 'reconciliation',
          everyMs: settings.reconcileEveryMs,
          logger,
          run: () => core.fulfilment.reconcile(),
          onDone: (n) => n > 0 && logger.info({ settled: n }, 'reconciliation settled orders'),
        });
  return {
    core,
    routes: routes(core),
    services: SERVICES,
    async close() {
      await reconciliation?.stop();
    },
  };
}

/** The process's wiring: the configured store and bus, the canvas and lock clients, the service on them. */
export const setup: ServiceSetup<PaymentSettings, PaymentService> = async ({ config, logger, open }) => {
  const store = await open.documentStore();
  const bus = await open.eventBus();
  const payment = await createPayment({
    store,
    bus,
    logger,
    settings: config,
    canvas: createPeerClient(CanvasService, config.peers.canvas, { timeoutMs: config.rpcTimeoutMs }),
    lock: createPeerClient(LockService, config.peers.lock, { timeoutMs: config.rpcTimeoutMs }),
  });
  return closingInOrder(payment, bus, store);
};
