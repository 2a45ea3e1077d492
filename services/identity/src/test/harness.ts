/** An identity service on local parts for tests: embedded store in a temp folder, memory key-value store, a movable clock. */
import fs from 'node:fs';
import path from 'node:path';
import { createClient, createRouterTransport, type Client } from '@connectrpc/connect';
import { type DocumentStore, type EventBus, type KeyValueStore } from '@tessera/kit';
import { eventually, testLogger, uniquePrefix } from '@tessera/kit/testing';
import { IdentityService } from '@tessera/proto/tessera/identity/v1/identity_pb.js';
import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { OUTBOX_FILE, OutboxMailer, type OutboxEntry } from '../adapters/mailer.js';
import { codeInMail } from '../domain/reset.js';
import type { Clock, Mailer, PasswordHasher } from '../service/ports.js';
import { createIdentity, scryptHasher, type Identity } from '../setup.js';
import { readIdentitySettings, type IdentitySettings } from '../settings.js';
import { classifyError, readEnv } from '@tessera/kit';
import { createMemoryKeyValueStore } from '@tessera/embedded';
import { openTestStores } from '@tessera/embedded/testing';

/** Cheap scrypt parameters for tests (production uses N = 2^17). */
export const FAST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };

export class TestClock implements Clock {
  private offset = 0;
  private frozenAt: number | null = null;
  now(): number {
    return this.frozenAt ?? Date.now() + this.offset;
  }
  advance(ms: number): void {
    if (this.frozenAt !== null) this.frozenAt += ms;
    else this.offset += ms;
  }
  /** Stops time (so a busy machine cannot move it between two steps of a test). */
  freeze(): void {
    this.frozenAt ??= Date.now() + this.offset;
  }
  /** Lets time run again from where it stands. */
  resume(): void {
    if (this.frozenAt === null) return;
    this.offset = this.frozenAt - Date.now();
    this.frozenAt = null;
  }
}

export interface Harness {
  identity: Identity;
  client: Client<typeof IdentityService>;
  clock: TestClock;
  store: DocumentStore;
  kv: KeyValueStore;
  /** The in-process bus the service announces revoked sessions on. */
  bus: EventBus;
  dir: string;
  outbox: OutboxMailer | undefined;
  /** The code of the last reset mail to `email` (waits for the background send). */
  codeFor(email: string): Promise<string>;
  /** Restarts the service on the same data folder (same store contents). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export function testSettings(env: Record<string, string> = {}): IdentitySettings {
  const reader = readEnv(env);
  const s = readIdentitySettings(reader);
  reader.done();
  return s;
}

export async function startHarness(
  opts: {
    env?: Record<string, string>;
    mailer?: Mailer;
    /** Default FAST_SCRYPT; 'service-default' leaves the choice to createIdentity (production). */
    hasher?: PasswordHasher | 'service-default';
  } = {},
): Promise<Harness> {
  const clock = new TestClock();
  const kv = createMemoryKeyValueStore();
  const logger = testLogger('identity');
  const settings = testSettings(opts.env);
  const stores = await openTestStores({ prefix: 'tessera-identity-', logger });
  const { dir, bus } = stores;
  const build = (s: DocumentStore) =>
    createIdentity({
      settings,
      dataDir: dir,
      logger,
      store: s,
      kv,
      bus,
      clock,
      hasher: opts.hasher === 'service-default' ? undefined : (opts.hasher ?? scryptHasher(FAST_SCRYPT)),
      mailer: opts.mailer,
    });
  let identity = await build(stores.store);
  const h: Harness = {
    identity,
    client: createClient(IdentityService, createRouterTransport(identity.routes)),
    clock,
    store: stores.store,
    kv,
    bus,
    dir,
    outbox: identity.mailer instanceof OutboxMailer ? identity.mailer : undefined,
    codeFor(email) {
      // the service sends in the background, so the mail can land just after the call answered
      return eventually(() => {
        const m = h.outbox?.lastTo(email);
        return m ? codeInMail(m.text) : null;
      }, 1000).catch(() => {
        throw new Error(`no reset mail to ${email}`);
      });
    },
    async restart() {
      await identity.close();
      identity = await build(await stores.reopen());
      h.identity = identity;
      h.store = stores.store;
      h.client = createClient(IdentityService, createRouterTransport(identity.routes));
      h.outbox = identity.mailer instanceof OutboxMailer ? identity.mailer : undefined;
    },
    async close() {
      await identity.close();
      await kv.close();
      await stores.close();
    },
  };
  return h;
}

/** The password of every test account: strong enough for the sign-up rules. */
export const TEST_PASSWORD = 'Sturdy-Passw0rd!';

/**
 * A fresh, valid registration, unique across processes and machines sharing a server (the kit's
 * uniquePrefix, its dashes as underscores: a username takes letters, digits and underscores only):
 * `<prefix>_<pid>_<time>_<random>` (under 50 characters for a prefix of up to 12), the same at
 * example.com, and TEST_PASSWORD. The integration and browser tests sign users up with it too.
 */
export function newAccount(prefix = 'user'): { username: string; email: string; password: string } {
  const username = uniquePrefix(prefix).replaceAll('-', '_');
  return { username, email: `${username}@example.com`, password: TEST_PASSWORD };
}

/**
 * The mails in the development outbox file of the identity service whose data folder is
 * `identityDir` (`<DATA_DIR>/identity` of a stack), oldest first; none before the first one.
 */
export function readOutbox(identityDir: string): OutboxEntry[] {
  let raw: string;
  try {
    raw = fs.readFileSync(path.join(identityDir, OUTBOX_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return raw
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OutboxEntry);
}

/**
 * The newest reset mail to `email` in that outbox sent at `sinceMs` or later, with its code
 * (codeInMail; `codeOf` reads another kind, such as codeInVerificationMail); undefined while there
 * is none.
 */
export function newestResetMail(
  identityDir: string,
  email: string,
  sinceMs = 0,
  codeOf: (text: string) => string | null = codeInMail,
): (OutboxEntry & { code: string }) | undefined {
  const want = email.trim().toLowerCase();
  for (const mail of readOutbox(identityDir).reverse()) {
    if (mail.to.toLowerCase() !== want || Date.parse(mail.sentAt) < sinceMs) continue;
    const code = codeOf(mail.text);
    if (code) return { ...mail, code };
  }
  return undefined;
}

/**
 * Access tokens that name the genuine issuer, audience and subject but must be refused: one with alg
 * "none", and one signed by a foreign key under the genuine key id `kid`. Both expire in 5 minutes.
 */
export async function forgedAccessTokens(
  keys: { issuer: string; audience: string },
  sub: string,
  kid: string | undefined,
): Promise<{ unsigned: string; foreignKey: string }> {
  const unsigned = new UnsecuredJWT({})
    .setIssuer(keys.issuer)
    .setAudience(keys.audience)
    .setSubject(sub)
    .setExpirationTime('5m')
    .encode();
  const foreign = await generateKeyPair('ES256');
  const foreignKey = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid })
    .setIssuer(keys.issuer)
    .setAudience(keys.audience)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(foreign.privateKey);
  return { unsigned, foreignKey };
}

/** The application error code a call failed with (fails the test when it succeeded). */
export async function failureOf(
  p: Promise<unknown>,
): Promise<{ code: string; message: string; field: string | null }> {
  try {
    await p;
  } catch (err) {
    const c = classifyError(err);
    return { code: c.code, message: c.message, field: c.field };
  }
  throw new Error('expected the call to fail');
}

// What the integration and browser tests use of the service beside the harness (`@tessera/identity/testing`).
export { createIdentity, scryptHasher, type Identity } from '../setup.js';
export type { PasswordHasher } from '../service/ports.js';
export { codeInMail } from '../domain/reset.js';
export { codeInVerificationMail } from '../domain/verification.js';
export { defaultLimits, hashGate } from '../security/hash-gate.js';
export { ACCOUNT_ALERT } from '../security/throttle.js';
export { startSmtpServer, type TestSmtpServer } from './smtp.js';
export type { OutboxEntry };
export { REFRESH_REUSE_GRACE_MS } from '../domain/policy.js';
