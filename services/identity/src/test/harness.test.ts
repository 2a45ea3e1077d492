/**
 * The test harness's helpers that other packages' tests use too (integration/, e2e/): the accounts
 * they sign up with. They must pass the service's own sign-up rules and never repeat, even across
 * processes sharing a server.
 */
import { describe, expect, it } from 'vitest';
import { checkUsername, isValidEmail } from '../domain/validation.js';
import { newAccount, TEST_PASSWORD } from './harness.js';

describe('newAccount', () => {
  it('gives valid, distinct accounts named after the prefix', () => {
    const accounts = Array.from({ length: 200 }, (_, i) => newAccount(i % 2 ? 'user' : 'seller_12345'));
    for (const a of accounts) {
      expect(checkUsername(a.username), a.username).toBeNull();
      expect(isValidEmail(a.email), a.email).toBe(true);
      expect(a.password).toBe(TEST_PASSWORD);
    }
    expect(new Set(accounts.map((a) => a.username)).size).toBe(accounts.length);
    expect(accounts[1]!.username).toMatch(new RegExp(`^user_${process.pid}_`));
  });
});
