// The rules and messages themselves are tested in @tessera/facts (account.test.ts, password.test.ts);
// here, the service's shape of them and the comparisons only the service makes.
import { describe, expect, it } from 'vitest';
import { checkPassword, checkUsername, normalizeEmail, usernameKey } from './validation.js';

describe('account validation', () => {
  it('compares e-mail addresses trimmed and lower-cased', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it('answers a refused username or password with its field and the spec message', () => {
    expect(checkUsername('ab')).toEqual({
      field: 'username',
      message: 'Username must be at least 3 characters',
    });
    expect(checkUsername('pixel_artist_42')).toBeNull();
    expect(checkPassword('short')).toEqual({
      field: 'password',
      message: 'Password must be at least 8 characters long',
    });
    expect(checkPassword('longenough')).toBeNull();
  });

  it('compares usernames without regard to case', () => {
    expect(usernameKey(' Ada ')).toBe(usernameKey('ada'));
    expect(usernameKey('Ada')).not.toBe(usernameKey('Adb'));
  });
});
