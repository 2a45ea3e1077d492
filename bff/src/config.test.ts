import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@tessera/kit';
import { readBffSettings } from './config.js';

const load = (env: Record<string, string>) => loadConfig('bff', readBffSettings, env);

describe('auth settings', () => {
  it('defaults: no secret (random per process), Google issuer, provider not configured', () => {
    const c = load({});
    expect(c.auth).toEqual({
      sessionSecret: undefined,
      oidc: undefined,
      rateLimitScale: 1,
      sessionCheckMs: 30_000,
    });
  });

  it('reads a complete provider configuration', () => {
    const c = load({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      SESSION_SECRET: 's'.repeat(32),
      AUTH_RATE_LIMIT_SCALE: '10',
    });
    expect(c.auth.oidc).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'secret',
    });
    expect(c.auth.rateLimitScale).toBe(10);
  });

  it('fails at start on a short secret, half a provider, a plain-http remote issuer or a bad scale', () => {
    const bad = (env: Record<string, string>, text: string) => {
      const err = (() => {
        try {
          load(env);
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toContain(text);
    };
    bad({ SESSION_SECRET: 'short' }, 'SESSION_SECRET must be at least 32 bytes');
    bad({ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
    bad({ OIDC_ISSUER: 'http://issuer.example' }, 'OIDC_ISSUER must use https');
    bad({ AUTH_RATE_LIMIT_SCALE: '0' }, 'AUTH_RATE_LIMIT_SCALE');
    expect(load({ OIDC_ISSUER: 'http://127.0.0.1:4000' }).auth.oidc).toBeUndefined();
  });
});
