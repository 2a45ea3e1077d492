import { describe, expect, it } from 'vitest';
import { forSuite } from '@tessera/kit/testing';
import { NEW_ACCOUNTS_PER_ADDRESS_PER_HOUR } from '@tessera/facts/account';
import { EXCHANGE_TOKEN_TTL_MS } from '../domain/policy.js';
import { failureOf, newAccount, startHarness } from '../test/harness.js';

const h = forSuite(startHarness);

let n = 0;
function identity(
  overrides: Partial<{ issuer: string; subject: string; email: string; emailVerified: boolean }> = {},
) {
  n++;
  return {
    issuer: 'https://accounts.example.com',
    subject: `sub-${n}-${Date.now()}`,
    email: `oidc.${n}.${Date.now()}@example.com`,
    emailVerified: true,
    name: 'Oidc User',
    ...overrides,
  };
}

describe('OpenID Connect users', () => {
  it('creates a user who must pick a username, once; the same identity signs in to the same user', async () => {
    const who = identity();
    const first = await h.client.signInWithOidc(who);
    expect(first.expiresIn).toBe(60);
    const redeemed = await h.client.redeemExchangeToken({ exchangeToken: first.exchangeToken });
    expect(redeemed.needsUsernameSelection).toBe(true);
    const user = redeemed.session!.user!;
    expect(user).toMatchObject({ email: who.email, username: '', needsUsernameSelection: true });

    const taken = newAccount();
    await h.client.register(taken);
    expect(
      (await failureOf(h.client.updateUsername({ userId: user.id, username: taken.username.toUpperCase() })))
        .code,
    ).toBe('USERNAME_ALREADY_EXISTS');
    expect((await failureOf(h.client.updateUsername({ userId: user.id, username: 'no' }))).code).toBe(
      'INVALID_USERNAME',
    );
    const name = `oidc_${n}_${Date.now() % 100000}`;
    const set = await h.client.updateUsername({ userId: user.id, username: name });
    expect(set.user).toMatchObject({ username: name, needsUsernameSelection: false });
    expect((await failureOf(h.client.updateUsername({ userId: user.id, username: `${name}x` }))).code).toBe(
      'CONFLICT',
    );

    const again = await h.client.signInWithOidc({ ...who, email: 'changed@example.com' });
    const second = await h.client.redeemExchangeToken({ exchangeToken: again.exchangeToken });
    expect(second.needsUsernameSelection).toBe(false);
    expect(second.session!.user).toMatchObject({ id: user.id, username: name });
  });

  it('refuses a replayed, unknown or expired exchange token', async () => {
    const { exchangeToken } = await h.client.signInWithOidc(identity());
    await h.client.redeemExchangeToken({ exchangeToken });
    const replay = await failureOf(h.client.redeemExchangeToken({ exchangeToken }));
    expect(replay).toMatchObject({ code: 'INVALID_TOKEN', message: 'Invalid or expired exchange token' });
    expect((await failureOf(h.client.redeemExchangeToken({ exchangeToken: 'nope' }))).code).toBe(
      'INVALID_TOKEN',
    );
    expect((await failureOf(h.client.redeemExchangeToken({ exchangeToken: '' }))).code).toBe('INVALID_TOKEN');
    const late = await h.client.signInWithOidc(identity());
    h.clock.advance(EXCHANGE_TOKEN_TTL_MS + 1000);
    expect((await failureOf(h.client.redeemExchangeToken({ exchangeToken: late.exchangeToken }))).code).toBe(
      'INVALID_TOKEN',
    );
  });

  it('lets only one of two concurrent redemptions win', async () => {
    const { exchangeToken } = await h.client.signInWithOidc(identity());
    const both = await Promise.allSettled([
      h.client.redeemExchangeToken({ exchangeToken }),
      h.client.redeemExchangeToken({ exchangeToken }),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('links a verified e-mail to the existing account and refuses an unverified one', async () => {
    const a = newAccount();
    const reg = await h.client.register(a);
    const { exchangeToken } = await h.client.signInWithOidc(identity({ email: a.email.toUpperCase() }));
    const linked = await h.client.redeemExchangeToken({ exchangeToken });
    expect(linked.session!.user!.id).toBe(reg.session!.user!.id);
    expect(linked.needsUsernameSelection).toBe(false);
    expect((await failureOf(h.client.signInWithOidc(identity({ emailVerified: false })))).code).toBe(
      'EMAIL_NOT_VERIFIED',
    );
    expect((await failureOf(h.client.signInWithOidc(identity({ subject: '' })))).code).toBe('MISSING_FIELD');
    // an OpenID-only account has no password to sign in with
    const who = identity();
    await h.client.signInWithOidc(who);
    expect((await failureOf(h.client.login({ email: who.email, password: 'Anything-Passw0rd!' }))).code).toBe(
      'INVALID_CREDENTIALS',
    );
  });

  it('counts first sign-ins toward the new accounts of their address, as registrations do', async () => {
    const client = { ip: '203.0.113.61', userAgent: 'test' };
    const first = identity();
    await h.client.register({ ...newAccount(), client });
    for (let i = 1; i < NEW_ACCOUNTS_PER_ADDRESS_PER_HOUR; i++) {
      await h.client.signInWithOidc({ ...(i === 1 ? first : identity()), client });
    }
    const refused = await failureOf(h.client.signInWithOidc({ ...identity(), client }));
    expect(refused.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(refused.message).toMatch(/^Too many new accounts have been created from your network\./);
    expect((await failureOf(h.client.register({ ...newAccount(), client }))).code).toBe(
      'RATE_LIMIT_EXCEEDED',
    );
    // an identity that already has its account still signs in from there; another address signs up
    expect((await h.client.signInWithOidc({ ...first, client })).exchangeToken).not.toBe('');
    await h.client.signInWithOidc({ ...identity(), client: { ip: '203.0.113.62', userAgent: 'test' } });
  });
});
