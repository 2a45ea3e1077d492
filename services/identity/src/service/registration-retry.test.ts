/** A registration retried after its answer was lost gets the same account; anything else does not. */
import { describe, expect, it } from 'vitest';
import { forSuite } from '@tessera/kit/testing';
import { startHarness } from '../test/harness.js';
import { REGISTRATION_RETRY_MS } from './registration-retry.js';

const h = forSuite(startHarness);

let n = 0;
function account() {
  n++;
  return {
    username: `retry_${n}_${Date.now() % 100_000}`,
    email: `retry.${n}.${Date.now()}@example.com`,
    password: 'Retry-Passw0rd!',
  };
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'OK';
  } catch (err) {
    return String((err as { rawMessage?: string; code?: unknown }).rawMessage ?? err);
  }
}

describe('retried registrations', () => {
  it('answers the same account to a retry with the same e-mail, username and password', async () => {
    const a = account();
    const first = await h.client.register(a);
    const again = await h.client.register(a);
    expect(again.session!.user!.id).toBe(first.session!.user!.id);
    expect(again.session!.refreshToken).not.toBe(first.session!.refreshToken);
  });

  it('creates one account when copies of one registration race', async () => {
    const a = account();
    const all = await Promise.all([1, 2, 3].map(() => h.client.register(a)));
    expect(new Set(all.map((r) => r.session!.user!.id)).size).toBe(1);
  });

  it('still says EMAIL_ALREADY_EXISTS for another password, another username, or a late retry', async () => {
    const a = account();
    await h.client.register(a);
    expect(await codeOf(h.client.register({ ...a, password: 'Other-Passw0rd!' }))).toMatch(/already exists/);
    expect(await codeOf(h.client.register({ ...a, username: `${a.username}x` }))).toMatch(/already exists/);
    h.clock.advance(REGISTRATION_RETRY_MS + 1000);
    expect(await codeOf(h.client.register(a))).toMatch(/already exists/);
  });
});
