/**
 * Abuse limits that do not punish the victim, over the real BFF (behind a trusted proxy,
 * TRUST_PROXY=1) and the real identity service: wrong passwords from many addresses never stop the
 * owner signing in from their own address, while one address guessing is still slowed and stopped.
 */
import { describe, expect, it } from 'vitest';
import { newAccount, ACCOUNT_ALERT } from '@tessera/identity/testing';
import { registerUser } from '../../bff/src/auth/test/browser.js';
import { useProxiedAuthStack } from './proxied.js';

const { from } = useProxiedAuthStack();

async function register(name: string): Promise<{ email: string; password: string }> {
  return (await registerUser(from('192.0.2.1'), newAccount(name))).user;
}

describe('wrong passwords from other addresses', () => {
  it(`${ACCOUNT_ALERT + 10} wrong passwords from as many addresses do not stop the owner signing in from theirs`, async () => {
    const owner = await register('victim');
    const attackers = ACCOUNT_ALERT + 10;
    for (let i = 0; i < attackers; i++) {
      const res = await from(`203.0.113.${i + 1}`).request('POST', '/api/auth/login', {
        body: { email: owner.email, password: `Wrong-Passw0rd-${i}` },
      });
      expect(res.status, `attacker ${i + 1}`).toBe(401);
      expect(res.body.error).toBe('INVALID_CREDENTIALS');
    }
    const mine = await from('198.51.100.77').request('POST', '/api/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ success: true });
  });

  it('still slows and stops one address that keeps guessing', async () => {
    const owner = await register('target');
    const guesser = from('203.0.113.250');
    const codes: string[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await guesser.request('POST', '/api/auth/login', {
        body: { email: owner.email, password: `Wrong-Passw0rd-${i}` },
      });
      codes.push(String(res.body.error));
      if (res.status === 429) expect(Number(res.headers.get('retry-after') ?? '1')).toBeGreaterThan(0);
    }
    expect(codes.slice(0, 5)).toEqual(Array<string>(5).fill('INVALID_CREDENTIALS'));
    expect(codes.at(-1)).toBe('RATE_LIMIT_EXCEEDED');
    // the owner, elsewhere, is not affected
    const mine = await from('198.51.100.78').request('POST', '/api/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    expect(mine.status).toBe(200);
  });
});
