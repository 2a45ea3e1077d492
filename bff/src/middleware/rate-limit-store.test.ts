/**
 * The sign-in rate limits live in the key-value port, not in a BFF process: two BFF replicas sharing
 * one store count every attempt together, and the counter is a key of that store with the window as
 * its TTL. With REDIS_URL the shared store is a real Redis server (keys under a per-run prefix),
 * otherwise the embedded store.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openKeyValueStore, type KeyValueStore } from '@tessera/kit';
import { testLogger } from '@tessera/kit/testing';
import { AUTH_RATE_LIMITS, rateKey } from './rate-limit.js';
import { startBff, type RunningBff } from '../auth/test/app.js';
import { Browser } from '../auth/test/browser.js';
import { startIdentityDouble, type IdentityDouble } from '../auth/test/identity-double.js';
import { createMemoryKeyValueStore } from '@tessera/embedded';

const REDIS_URL = process.env.REDIS_URL;
const run = randomUUID().slice(0, 8);

let kv: KeyValueStore;
let identity: IdentityDouble;
let replicas: RunningBff[];

beforeAll(async () => {
  kv = REDIS_URL
    ? await openKeyValueStore({ redisUrl: REDIS_URL, logger: testLogger('kv'), keyPrefix: `test:rl:${run}:` })
    : createMemoryKeyValueStore();
  identity = await startIdentityDouble();
  replicas = await Promise.all([0, 1].map(() => startBff({ identity: identity.url }, { deps: { kv } })));
});

afterAll(async () => {
  await Promise.all((replicas ?? []).map((r) => r.close()));
  await identity?.close();
  if (kv) {
    for (const { key } of await kv.scan('bff:rl:')) await kv.del(key);
    await kv.close();
  }
});

/** A browser behind the trusted proxy with an address of its own (per-IP counters start at 0). */
function browserOn(replica: RunningBff, ip: string): Browser {
  const b = new Browser(replica.base);
  b.extraHeaders['x-forwarded-for'] = ip;
  return b;
}

describe(`auth rate limits in the key-value port (${REDIS_URL ? 'Redis' : 'embedded store'})`, () => {
  it('counts the attempts at one e-mail across BFF replicas and keeps the counter in the store', async () => {
    const email = `limit.${run}@example.com`;
    const rule = AUTH_RATE_LIMITS.loginEmail;
    const attempt = (i: number) =>
      browserOn(replicas[i % 2]!, `198.51.100.${i % 2}`).request('POST', '/api/auth/login', {
        body: { email, password: 'wrong password' },
      });
    for (let i = 0; i < rule.limit; i++) {
      const res = await attempt(i);
      expect(res.status, `attempt ${i + 1}`).toBe(401);
      expect(res.body.error).toBe('INVALID_CREDENTIALS');
    }
    // each replica saw only half of the attempts, yet the next one is refused on either
    for (const i of [0, 1]) {
      const refused = await attempt(i);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED', statusCode: 429 });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // without TRUST_PROXY both replicas count the loopback client; the counter is per e-mail and address
    const key = rateKey(rule, `${email}|127.0.0.1`);
    expect(Number(await kv.get(key))).toBe(rule.limit + 2);
    const ttl = (await kv.ttl(key)) ?? 0;
    expect(ttl).toBeGreaterThan(rule.windowMs - 60_000);
    expect(ttl).toBeLessThanOrEqual(rule.windowMs);

    // once the store forgets the counter, every replica lets the e-mail try again
    await kv.del(key);
    expect((await attempt(0)).status).toBe(401);
  });
});
