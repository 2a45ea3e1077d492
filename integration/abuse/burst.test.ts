/**
 * Fair hashing under a sign-in burst (brief invariant 8), over the real BFF (behind a trusted proxy,
 * so each X-Forwarded-For address is a client address) and the real identity service: 200 logins
 * (wrong passwords, each to another e-mail, so each costs a hash) and 200 registrations from one
 * address within 10 s, while 20 other addresses sign in. At least 19 of the 20 sign in, at once or
 * after honouring Retry-After; no answer is a 504, and every 5xx is a 503 with Retry-After.
 *
 * The hashing gate has the limits of a 2-core machine (2 running, 8 waiting), and every hash takes at
 * least HASH_MS (a cheap scrypt, then a wait: what N = 2^17 costs on a quiet core), so the outcome
 * does not depend on how busy the shared test machine is. BURST_PRODUCTION_HASHING=1 runs it with
 * the production scrypt instead (on a quiet machine).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEERS, type PeerName } from '@tessera/kit';
import { startBff, type RunningBff } from '../../bff/src/auth/test/app.js';
import {
  newAccount,
  defaultLimits,
  hashGate,
  FAST_SCRYPT,
  scryptHasher,
  type PasswordHasher,
} from '@tessera/identity/testing';
import { registerUser, type Browser, type BrowserResponse } from '../../bff/src/auth/test/browser.js';
import { createPeers } from '../../bff/src/peers.js';
import { startIdentity, type RunningIdentity } from '../auth/identity.js';
import { browserFrom } from './proxied.js';

const HASH_MS = 250;
const BURST_MS = 10_000;
const USERS = 20;
/** Attempts a user makes: the first, then one more after honouring its Retry-After. */
const ATTEMPTS = 2;

/** A cheap scrypt that takes at least HASH_MS, as the production cost does on a quiet core. */
function steadyHasher(): PasswordHasher {
  const inner = scryptHasher(FAST_SCRYPT);
  const atLeast = async <T>(p: Promise<T>): Promise<T> => {
    const [v] = await Promise.all([p, new Promise((r) => setTimeout(r, HASH_MS))]);
    return v;
  };
  return {
    hash: (pw) => atLeast(inner.hash(pw)),
    verify: (pw, stored) => atLeast(inner.verify(pw, stored)),
  };
}

let identity: RunningIdentity;
let bff: RunningBff;

beforeAll(async () => {
  const production = process.env.BURST_PRODUCTION_HASHING === '1';
  identity = await startIdentity({
    productionHashing: production,
    hasher: production ? undefined : steadyHasher(),
    hashGate: hashGate(defaultLimits(2)),
    env: { NEW_ACCOUNT_LIMIT_SCALE: '1' },
  });
  const urls = Object.fromEntries(
    PEERS.map((p) => [p, p === 'identity' ? identity.url : 'http://127.0.0.1:9']),
  ) as Record<PeerName, string>;
  // the production deadline of a BFF call (RPC_TIMEOUT_MS default)
  const peers = createPeers(urls, 10_000);
  bff = await startBff({ identity: identity.url }, { env: { TRUST_PROXY: '1' }, deps: { peers } });
}, 60_000);

afterAll(async () => {
  await bff?.close();
  await identity?.close();
});

const from = (ip: string): Browser => browserFrom(bff.base, ip);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Signs in, honouring Retry-After on 429 and 503, at most ATTEMPTS times; every answer is kept. */
async function signIn(ip: string, user: { email: string; password: string }): Promise<BrowserResponse[]> {
  const answers: BrowserResponse[] = [];
  for (let i = 0; i < ATTEMPTS; i++) {
    const res = await from(ip).request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    answers.push(res);
    if (res.status !== 429 && res.status !== 503) break;
    await sleep(Number(res.headers.get('retry-after') ?? '1') * 1000);
  }
  return answers;
}

function countByStatus(answers: BrowserResponse[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.status] = (out[a.status] ?? 0) + 1;
  return out;
}

describe('a sign-in burst from one address', () => {
  it('leaves the other addresses their share: 19 of 20 sign in, no 504, 503 only with Retry-After', async () => {
    const users = [];
    for (let i = 0; i < USERS; i++) {
      const ip = `203.0.113.${10 + i}`;
      users.push({ ip, user: (await registerUser(from(ip), newAccount(`fair${i}`))).user });
    }

    const run = Date.now();
    const attacker = '198.51.100.1';
    const burst: Promise<BrowserResponse>[] = [];
    const others: Promise<BrowserResponse[]>[] = [];
    // 40 requests a second for 10 s: every 100 ms two logins and two registrations; a user every 500 ms
    for (let tick = 0; tick < BURST_MS / 100; tick++) {
      for (let k = 0; k < 2; k++) {
        const i = tick * 2 + k;
        burst.push(
          from(attacker).request('POST', '/api/auth/login', {
            body: { email: `victim${i}.${run}@example.com`, password: 'Wrong-Passw0rd!' },
          }),
          from(attacker).request('POST', '/api/auth/register', {
            body: {
              username: `burst_${i}_${run % 10_000}`,
              email: `burst${i}.${run}@example.com`,
              password: 'Burst-Passw0rd!',
            },
          }),
        );
      }
      if (tick % 5 === 2) {
        const { ip, user } = users[(tick - 2) / 5]!;
        others.push(signIn(ip, user));
      }
      await sleep(100);
    }
    const sentIn = Date.now() - run;
    const attackerAnswers = await Promise.all(burst);
    const userAnswers = await Promise.all(others);

    const signedIn = userAnswers.filter((a) => a.at(-1)?.status === 200).length;
    const atFirst = userAnswers.filter((a) => a[0]?.status === 200).length;
    const all = [...attackerAnswers, ...userAnswers.flat()];
    console.log(
      `burst of ${burst.length} requests sent in ${sentIn} ms; attacker answers by status:`,
      countByStatus(attackerAnswers),
      `; other addresses: ${signedIn} of ${others.length} signed in (${atFirst} at the first attempt), their answers by status:`,
      countByStatus(userAnswers.flat()),
    );

    expect(others.length).toBe(USERS);
    expect(signedIn).toBeGreaterThanOrEqual(19);
    expect(all.filter((a) => a.status === 504)).toEqual([]);
    for (const a of all.filter((x) => x.status >= 500)) {
      expect(a.status).toBe(503);
      expect(a.body).toMatchObject({ success: false, error: 'SERVICE_UNAVAILABLE', statusCode: 503 });
      expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // every other answer is a decision: created, signed in, refused credentials, or a rate limit
    for (const a of all.filter((x) => x.status < 500)) expect([200, 201, 401, 429]).toContain(a.status);
  }, 120_000);
});
