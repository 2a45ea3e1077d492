/**
 * The real identity service in-process for the integration tests: its Connect server on a loopback
 * port, an embedded document store in a temp folder, a memory key-value store, and a clock the
 * tests can move (reset-code expiry, resend cooldown). Passwords are hashed with cheap scrypt
 * parameters unless asked otherwise (the production ones are covered by the unit tests). Mail goes to SMTP_URL when given, else to
 * the development outbox file `<dataDir>/outbox.jsonl`.
 */
import path from 'node:path';
import { type AdmissionGate, type EventBus, type Logger } from '@tessera/kit';
import { tempDir, testLogger, startTestRpcServer } from '@tessera/kit/testing';
import {
  createIdentity,
  scryptHasher,
  type Identity,
  type PasswordHasher,
  FAST_SCRYPT,
  newestResetMail,
  TestClock,
  testSettings,
} from '@tessera/identity/testing';
import {
  createEmbeddedDocumentStore,
  createInProcessBus,
  createMemoryKeyValueStore,
} from '@tessera/embedded';

export interface RunningIdentity {
  url: string;
  /** `<DATA_DIR>/identity`. */
  dataDir: string;
  clock: TestClock;
  identity: Identity;
  /** The bus it announces revoked sessions on (give it to the BFF so the events reach it). */
  bus: EventBus;
  /** The code of the newest reset mail to `email` in the outbox file (undefined: none yet). */
  outboxCode(email: string): string | undefined;
  close(): Promise<void>;
}

export async function startIdentity(
  opts: {
    env?: Record<string, string>;
    logger?: Logger;
    /** Production scrypt parameters (N = 2^17) instead of cheap ones: slow on a busy test machine. */
    productionHashing?: boolean;
    /** Default: an in-process bus of its own. */
    bus?: EventBus;
    /** Another hasher (before the hashing gate); wins over productionHashing. */
    hasher?: PasswordHasher;
    /** The hashing gate (default: sized to this machine's cores). */
    hashGate?: AdmissionGate;
  } = {},
): Promise<RunningIdentity> {
  const tmp = tempDir('tessera-identity-it-');
  const dataDir = path.join(tmp.dir, 'identity');
  const logger = opts.logger ?? testLogger('identity');
  const clock = new TestClock();
  const store = await createEmbeddedDocumentStore(dataDir, { logger });
  const kv = createMemoryKeyValueStore();
  const bus = opts.bus ?? createInProcessBus();
  const identity = await createIdentity({
    // many tests sign up many users from one address: the new-account limit is scaled up unless a test
    // sets NEW_ACCOUNT_LIMIT_SCALE itself (integration/abuse/new-accounts.test.ts keeps the real one)
    settings: testSettings({ NEW_ACCOUNT_LIMIT_SCALE: '1000', ...opts.env }),
    dataDir,
    logger,
    store,
    kv,
    bus,
    clock,
    hasher: opts.hasher ?? (opts.productionHashing ? scryptHasher() : scryptHasher(FAST_SCRYPT)),
    hashGate: opts.hashGate,
  });
  const server = await startTestRpcServer({
    name: 'identity',
    logger,
    routes: identity.routes,
    services: identity.services,
  });
  return {
    url: server.url,
    dataDir,
    clock,
    identity,
    bus,
    outboxCode: (email) => newestResetMail(dataDir, email)?.code,
    async close() {
      await server.close(0);
      await identity.close();
      await kv.close();
      if (!opts.bus) await bus.close();
      await store.close();
      tmp.cleanup();
    },
  };
}
