/**
 * Builds the identity service from its adapters: repositories over the document store, throttling
 * in the key-value store, the mailer, the signing key, session revocations on the event bus. `setup` opens the configured adapters (the
 * process, main.ts); `createIdentity` builds the service from given ones (tests call it with an
 * embedded store in a temp folder, a memory key-value store and a clock they control).
 */
import {
  closingInOrder,
  startPeriodic,
  watchGate,
  type AdmissionGate,
  type DocumentStore,
  type EventBus,
  type KeyValueStore,
  type Logger,
  type ServiceParts,
  type ServiceSetup,
} from '@tessera/kit';
import { createMailer } from './adapters/mailer.js';
import { busSessionEvents } from './adapters/session-events.js';
import { cryptoRandom } from './adapters/random.js';
import { openRepositories, sweepExpired } from './adapters/repositories.js';
import { staticKeyProvider, storedKeyProvider } from './adapters/signing-keys.js';
import { AccountThrottle, ResendCooldown } from './adapters/throttle-store.js';
import { NewAccountLimit } from './adapters/new-account-store.js';
import { routes, SERVICES } from './routes.js';
import { hashPassword, verifyPassword, DEFAULT_PARAMS, type ScryptParams } from './security/passwords.js';
import { IdentityService } from './service/identity-service.js';
import { Receipts } from './service/receipts.js';
import { SUBJECTS } from '@tessera/facts/subjects';
import {
  systemClock,
  type Clock,
  type Mailer,
  type PasswordHasher,
  type RandomSource,
} from './service/ports.js';
import { gatedHasher, hashGate } from './security/hash-gate.js';
import type { IdentitySettings } from './settings.js';

export const SWEEP_EVERY_MS = 10 * 60_000;

export function scryptHasher(params: ScryptParams = DEFAULT_PARAMS): PasswordHasher {
  return { hash: (pw) => hashPassword(pw, params), verify: verifyPassword };
}

export interface IdentityParts {
  settings: IdentitySettings;
  /** `<DATA_DIR>/identity`: the outbox file lives here. */
  dataDir: string;
  logger: Logger;
  store: DocumentStore;
  kv: KeyValueStore;
  /** Where ended sessions are announced (tessera.session.revoked). */
  bus: EventBus;
  clock?: Clock;
  random?: RandomSource;
  hasher?: PasswordHasher;
  /** Bounds concurrent password hashing (default: sized to the cores; security/hash-gate.ts). */
  hashGate?: AdmissionGate;
  mailer?: Mailer;
  /** The durable consumer of payment events that mails receipts (default RECEIPTS_CONSUMER). */
  receiptsConsumer?: string;
}

/** The durable consumer of the payment events (shared by every replica: the receipts are in the store). */
export const RECEIPTS_CONSUMER = 'identity-receipts';

export interface Identity extends ServiceParts {
  core: IdentityService;
  mailer: Mailer;
  /** Mails a receipt per paid order and a notice per refund (the consumer of payment events). */
  receipts: Receipts;
  /** Stops housekeeping and flushes the mailer (the stores are the caller's). */
  close(): Promise<void>;
}

export async function createIdentity(parts: IdentityParts): Promise<Identity> {
  const { settings, logger, store, kv } = parts;
  const clock = parts.clock ?? systemClock;
  const repos = await openRepositories(store);
  const keys =
    settings.jwtPrivateKey !== undefined
      ? staticKeyProvider(settings.jwtPrivateKey)
      : await storedKeyProvider(repos.keys, () => clock.now(), logger);
  const key = await keys.current();
  logger.info(
    { kid: key.kid, alg: key.alg, source: settings.jwtPrivateKey ? 'JWT_PRIVATE_KEY' : 'store' },
    'access-token signing key ready',
  );
  const mailer = parts.mailer ?? createMailer(settings, parts.dataDir, logger);
  const gate = parts.hashGate ?? hashGate();
  watchGate('hashing', gate); // tessera_admission_* {gate="hashing"}: the hashing queue
  const core = new IdentityService({
    repos,
    throttle: new AccountThrottle(kv),
    resendCooldown: new ResendCooldown(kv),
    newAccounts: new NewAccountLimit(kv, settings.newAccountLimitScale),
    mailer,
    clock,
    random: parts.random ?? cryptoRandom,
    hasher: gatedHasher(parts.hasher ?? scryptHasher(), gate),
    keys,
    tokens: {
      issuer: settings.jwtIssuer,
      audience: settings.jwtAudience,
      refreshOverlapMs: settings.refreshOverlapMs,
    },
    events: busSessionEvents(parts.bus, logger),
    logger,
  });
  const receipts = new Receipts({
    receipts: repos.receipts,
    users: repos.users,
    mailer,
    clock,
    logger,
    publicUrl: settings.publicUrl,
  });
  const receiptSub = await parts.bus.consume({
    durable: parts.receiptsConsumer ?? RECEIPTS_CONSUMER,
    subjects: [SUBJECTS.paymentSucceeded, SUBJECTS.paymentRefunded],
    handler: (msg) => receipts.on(msg).then(() => undefined),
  });
  const housekeeping = startPeriodic({
    name: 'housekeeping',
    everyMs: SWEEP_EVERY_MS,
    logger,
    run: () => sweepExpired(repos, clock.now()),
    onDone: (n) => n > 0 && logger.debug({ deleted: n }, 'expired sessions and tokens removed'),
  });
  return {
    core,
    mailer,
    receipts,
    routes: routes(core),
    services: SERVICES,
    async close() {
      // a pass under way ends before the caller closes the store it uses
      await housekeeping.stop();
      await receiptSub.stop();
      await mailer.close();
    },
  };
}

/** The process's wiring: the configured adapters, the service on them, and what closes them. */
export const setup: ServiceSetup<IdentitySettings, IdentityService> = async ({
  config,
  logger,
  dataDir,
  open,
}) => {
  const store = await open.documentStore();
  const kv = await open.keyValueStore();
  const bus = await open.eventBus();
  const identity = await createIdentity({ settings: config, dataDir, logger, store, kv, bus });
  return closingInOrder(identity, bus, kv, store);
};
