import { describe, expect, it } from 'vitest';
import { ConfigError, readEnv } from './env.js';
import { loadConfig } from './service-config.js';

describe('readEnv', () => {
  it('reads values with defaults and treats blank as unset', () => {
    const e = readEnv({ A: ' x ', B: '' });
    expect(e.str('A')).toBe('x');
    expect(e.str('B', 'dflt')).toBe('dflt');
    expect(e.int('N', { default: 7 })).toBe(7);
    expect(e.bool('FLAG', true)).toBe(true);
    e.done();
  });

  it('names every bad variable in one error', () => {
    const e = readEnv({ PORT: 'eighty', DEBUG: 'maybe', URL: 'ftp://x', LEVEL: 'loud' });
    e.int('PORT', { default: 1, min: 0, max: 65535 });
    e.bool('DEBUG', false);
    e.url('URL', ['http']);
    e.oneOf('LEVEL', ['info', 'debug'] as const, 'info');
    e.required('SECRET');
    let thrown: unknown;
    try {
      e.done();
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const msg = (thrown as Error).message;
    for (const name of ['PORT', 'DEBUG', 'URL', 'LEVEL', 'SECRET']) expect(msg).toContain(name);
    expect((thrown as ConfigError).problems).toHaveLength(5);
  });

  it('rejects out-of-range and non-integer numbers', () => {
    const e = readEnv({ A: '70000', B: '1.5', C: '-3' });
    e.int('A', { default: 1, max: 65535 });
    e.int('B', { default: 1 });
    expect(e.int('C', { default: 1 })).toBe(-3);
    expect(() => e.done()).toThrow(/A must be an integer.*\n.*B must be an integer/s);
  });
});

describe('loadConfig', () => {
  it('has working defaults for every process', () => {
    const c = loadConfig('canvas', undefined, {});
    expect(c.port).toBe(50052);
    expect(c.peers.lock).toBe('http://127.0.0.1:50053');
    expect(c.mongodbUrl).toBeUndefined();
    expect(c.logLevel).toBe('info');
  });

  it('switches real backends on by environment only', () => {
    const c = loadConfig('lock', undefined, {
      REDIS_URL: 'redis://127.0.0.1:6379',
      NATS_URL: 'nats://127.0.0.1:4222',
      MONGODB_URL: 'mongodb://db:27017/tessera',
      LOCK_URL: 'http://lock:50053',
    });
    expect(c.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(c.natsUrl).toBe('nats://127.0.0.1:4222');
    expect(c.mongodbUrl).toBe('mongodb://db:27017/tessera');
    expect(c.peers.lock).toBe('http://lock:50053');
  });

  it('fails at start naming the variable', () => {
    expect(() => loadConfig('bff', undefined, { PORT: '-1' })).toThrow(/PORT must be an integer/);
    expect(() => loadConfig('bff', undefined, { REDIS_URL: 'http://nope' })).toThrow(
      /REDIS_URL must use redis/,
    );
    expect(() => loadConfig('bff', (e) => ({ s: e.required('SESSION_SECRET') }), {})).toThrow(
      /SESSION_SECRET is required/,
    );
  });
});
