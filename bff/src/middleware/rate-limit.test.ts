import { describe, expect, it } from 'vitest';
import { type KeyValueStore } from '@tessera/kit';
import { testLogger } from '@tessera/kit/testing';
import { HttpError } from './errors.js';
import { decide, RateLimiter, rateKey } from './rate-limit.js';
import { createMemoryKeyValueStore } from '@tessera/embedded';

const rule = { name: 'test', limit: 3, windowMs: 60_000 };

function limiter(scale = 1, kv?: KeyValueStore) {
  const clock = { t: 0 };
  const store = kv ?? createMemoryKeyValueStore({ now: () => clock.t, sweepIntervalMs: 0 });
  return { rl: new RateLimiter(store, testLogger(), scale), clock, store };
}

describe('rate limits', () => {
  it('decides from the count and the window left', () => {
    expect(decide(3, 3, null, 60_000)).toEqual({ allowed: true, remaining: 0 });
    expect(decide(4, 3, 1500, 60_000)).toEqual({ allowed: false, retryAfterSec: 2 });
    expect(decide(4, 3, null, 60_000)).toEqual({ allowed: false, retryAfterSec: 60 });
    expect(decide(4, 3, 1, 60_000)).toEqual({ allowed: false, retryAfterSec: 1 });
  });

  it('allows `limit` calls per window and subject, then refuses until the window ends', async () => {
    const { rl, clock } = limiter();
    for (let i = 0; i < 3; i++) expect((await rl.hit(rule, '10.0.0.1')).allowed).toBe(true);
    clock.t = 45_000;
    expect(await rl.hit(rule, '10.0.0.1')).toEqual({ allowed: false, retryAfterSec: 15 });
    expect((await rl.hit(rule, '10.0.0.2')).allowed).toBe(true); // another subject has its own window
    clock.t = 60_001;
    expect((await rl.hit(rule, '10.0.0.1')).allowed).toBe(true); // a new window
  });

  it('counts e-mail subjects case-insensitively and never stores them in clear', async () => {
    const { rl, store } = limiter();
    for (let i = 0; i < 3; i++) await rl.hit(rule, 'Ada@Example.com');
    expect((await rl.hit(rule, 'ada@example.COM')).allowed).toBe(false);
    const keys = (await store.scan('bff:rl:')).map((e) => e.key);
    expect(keys).toEqual([rateKey(rule, 'ada@example.com')]);
    expect(keys[0]).not.toContain('example');
  });

  it('scales every limit', async () => {
    const { rl } = limiter(2);
    for (let i = 0; i < 6; i++) expect((await rl.hit(rule, 's')).allowed).toBe(true);
    expect((await rl.hit(rule, 's')).allowed).toBe(false);
  });

  it('enforce throws 429 RATE_LIMIT_EXCEEDED and sets Retry-After', async () => {
    const { rl } = limiter();
    const headers: Record<string, string> = {};
    const ctx = { set: (k: string, v: string) => void (headers[k] = v) };
    for (let i = 0; i < 3; i++) await rl.enforce(ctx as never, rule, 's');
    const err = await rl.enforce(ctx as never, rule, 's').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', status: 429 });
    expect(headers['Retry-After']).toBe('60');
  });

  it('lets requests through when the store fails', async () => {
    const broken = createMemoryKeyValueStore();
    await broken.close();
    const failing = Object.assign(Object.create(broken) as KeyValueStore, {
      incr: () => Promise.reject(new Error('store down')),
    });
    const { rl } = limiter(1, failing);
    for (let i = 0; i < 5; i++) expect((await rl.hit(rule, 's')).allowed).toBe(true);
  });
});
