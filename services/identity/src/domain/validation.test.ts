import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  checkUsername,
  isValidEmail,
  normalizeEmail,
  passwordStrength,
  usernameKey,
} from './validation.js';

describe('account validation', () => {
  it('normalises and checks e-mail addresses', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(isValidEmail('ada@example.com')).toBe(true);
    for (const bad of [
      '',
      'ada',
      'ada@',
      '@x.io',
      'a b@x.io',
      'ada@example',
      'a\u0000da@x.io',
      'ada@x\u0007.io',
      'ada@x.i\u007f',
    ])
      expect(isValidEmail(bad)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@x.io`)).toBe(false);
  });

  it('applies the username rules with the spec messages', () => {
    expect(checkUsername('')?.message).toBe('Username is required');
    expect(checkUsername('ab')?.message).toBe('Username must be at least 3 characters');
    expect(checkUsername('a'.repeat(50))?.message).toBe('Username must be less than 50 characters');
    expect(checkUsername('bad name')?.message).toBe(
      'Username can only contain letters, numbers, and underscores',
    );
    expect(checkUsername('pixel_artist_42')).toBeNull();
    expect(usernameKey(' Ada ')).toBe(usernameKey('ada'));
  });

  it('checks password length and scores strength 0..6', () => {
    expect(checkPassword('short')?.message).toBe('Password must be at least 8 characters long');
    expect(checkPassword('longenough')).toBeNull();
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abcdefgh')).toBe(2);
    expect(passwordStrength('Abcdefgh1!')).toBe(5);
    expect(passwordStrength('Abcdefgh1!xy')).toBe(6);
  });
});
