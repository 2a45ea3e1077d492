/**
 * The abuse tests' clients: each request reaches the BFF through a trusted proxy (TRUST_PROXY=1)
 * from a chosen address, so one machine can play many sources.
 */
import { afterAll, beforeAll } from 'vitest';
import { Browser } from '../../bff/src/auth/test/browser.js';
import { startAuthStack, type AuthStack } from '../auth/stack.js';

/** A browser whose requests reach the BFF at `base` through the trusted proxy from `ip`. */
export function browserFrom(base: string, ip: string): Browser {
  const b = new Browser(base);
  b.extraHeaders['x-forwarded-for'] = ip;
  return b;
}

/**
 * Starts the auth stack (real BFF behind a trusted proxy, real identity) for the test file and
 * returns `from(ip)`: a browser reaching it from that address.
 */
export function useProxiedAuthStack(identityEnv: Record<string, string> = {}): {
  from: (ip: string) => Browser;
} {
  let stack: AuthStack | undefined;
  beforeAll(async () => {
    stack = await startAuthStack({ TRUST_PROXY: '1' }, { identityEnv });
  });
  afterAll(async () => {
    await stack?.close();
  });
  return {
    from: (ip) => {
      if (!stack) throw new Error('the auth stack is not started yet');
      return browserFrom(stack.bff.base, ip);
    },
  };
}
