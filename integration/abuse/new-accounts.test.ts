/**
 * New accounts per address, over the real BFF (behind a trusted proxy, TRUST_PROXY=1) and the real
 * identity service with the production limits (@tessera/facts/account): one address gets
 * NEW_ACCOUNTS_PER_ADDRESS_PER_HOUR accounts, then 429 with Retry-After and a clear message; other
 * addresses still sign up, and the address's existing accounts still sign in.
 */
import { describe, expect, it } from 'vitest';
import { NEW_ACCOUNTS_PER_ADDRESS_PER_HOUR as PER_HOUR } from '@tessera/facts/account';
import { newAccount } from '@tessera/identity/testing';
import { useProxiedAuthStack } from './proxied.js';

const { from } = useProxiedAuthStack({ NEW_ACCOUNT_LIMIT_SCALE: '1' });

describe('new accounts per address', () => {
  it(`gives one address ${PER_HOUR} new accounts an hour, then 429 with Retry-After; others still sign up`, async () => {
    const accounts = Array.from({ length: PER_HOUR + 2 }, (_, i) => newAccount(`na${i}`));
    const statuses: number[] = [];
    let refused;
    for (const a of accounts) {
      const res = await from('198.51.100.20').request('POST', '/api/auth/register', { body: a });
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    console.log('registrations from one address:', statuses.join(' '));
    expect(statuses).toEqual([...Array<number>(PER_HOUR).fill(201), 429, 429]);
    expect(refused!.body).toMatchObject({ success: false, error: 'RATE_LIMIT_EXCEEDED', statusCode: 429 });
    expect(String(refused!.body.message)).toMatch(
      /^Too many new accounts have been created from your network\. Please try again in \d+ (minute|minutes|hours), or sign in to an account you already have\.$/,
    );
    const wait = Number(refused!.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(24 * 3600);

    // the refused e-mail was not taken; another address signs up; an account of the address signs in
    expect(
      (await from('198.51.100.21').request('POST', '/api/auth/register', { body: accounts[PER_HOUR] }))
        .status,
    ).toBe(201);
    const signIn = await from('198.51.100.20').request('POST', '/api/auth/login', {
      body: { email: accounts[0]!.email, password: accounts[0]!.password },
    });
    expect(signIn.status).toBe(200);
  });
});
