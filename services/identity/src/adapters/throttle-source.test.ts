/** Sign-in failures are kept per account and source; the account-wide count only shortens the free tries. */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ALERT, FREE_FAILURES, UNDER_ATTACK_FREE } from '../security/throttle.js';
import { AccountThrottle } from './throttle-store.js';
import { createMemoryKeyValueStore } from '@tessera/embedded';

describe('sign-in throttle per account and source', () => {
  it('a source is slowed by its own failures only', async () => {
    const t = new AccountThrottle(createMemoryKeyValueStore());
    for (let i = 0; i < FREE_FAILURES; i++) await t.fail('a@b.co', 1000, '203.0.113.1');
    expect(await t.check('a@b.co', 1000, '203.0.113.1')).toMatchObject({ allowed: false });
    expect(await t.check('a@b.co', 1000, '198.51.100.7')).toEqual({ allowed: true });
    // the owner's success clears their source only
    await t.clear('a@b.co', '198.51.100.7');
    expect(await t.check('a@b.co', 1000, '203.0.113.1')).toMatchObject({ allowed: false });
    // a password reset clears every source
    await t.clear('a@b.co');
    expect(await t.check('a@b.co', 1000, '203.0.113.1')).toEqual({ allowed: true });
  });

  it('under a spread-out attack each source gets fewer free failures, and none is refused for another', async () => {
    const t = new AccountThrottle(createMemoryKeyValueStore());
    for (let i = 0; i < ACCOUNT_ALERT; i++) await t.fail('a@b.co', 1000, `203.0.113.${i}`);
    const fresh = '198.51.100.9';
    expect(await t.check('a@b.co', 1000, fresh)).toEqual({ allowed: true });
    for (let i = 0; i < UNDER_ATTACK_FREE; i++) await t.fail('a@b.co', 1000, fresh);
    expect(await t.check('a@b.co', 1000, fresh)).toMatchObject({ allowed: false, locked: false });
  });
});
