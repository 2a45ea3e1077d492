import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  EMAIL_MAX,
  PASSWORD_MAX,
  isValidEmail,
  passwordMessage,
  passwordProblem,
  usernameMessage,
  usernameProblem,
} from './account.js';

describe('isValidEmail', () => {
  it('takes a trimmed name@domain.tld', () => {
    for (const ok of ['ada@example.com', '  ada@example.com ', 'a.b+c@x.co.uk', 'ÄDA@bücher.de'])
      expect(isValidEmail(ok), ok).toBe(true);
  });

  it('refuses a missing part, whitespace inside and control characters', () => {
    for (const bad of [
      '',
      'ada',
      'ada@',
      '@x.io',
      'ada@example',
      'a b@x.io',
      'ada@x .io',
      'a\u0000da@x.io',
      'ada@x\u0007.io',
      'ada@x.i\u007f',
      'ada@x.io\u001b',
    ])
      expect(isValidEmail(bad), JSON.stringify(bad)).toBe(false);
  });

  it('takes EMAIL_MAX characters and refuses one more', () => {
    const at = (length: number) => `${'a'.repeat(length - '@x.io'.length)}@x.io`;
    expect(isValidEmail(at(EMAIL_MAX))).toBe(true);
    expect(isValidEmail(at(EMAIL_MAX + 1))).toBe(false);
    // the length counts after trimming
    expect(isValidEmail(` ${at(EMAIL_MAX)} `)).toBe(true);
  });
});

describe('username rules', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['ab', 'short'],
    [' ab ', 'short'],
    ['a'.repeat(50), 'long'],
    ['ada lovelace', 'chars'],
    ['ada-l', 'chars'],
    ['adé', 'chars'],
  ] as const)('%j is %s', (name, problem) => {
    expect(usernameProblem(name)).toBe(problem);
    expect(usernameMessage(name)).toBe(ACCOUNT_MESSAGES.username[problem]);
  });

  it('takes 3 to 49 letters, digits and underscores, trimmed', () => {
    for (const ok of ['abc', ' Ada_1815 ', 'a'.repeat(49), '___']) expect(usernameMessage(ok), ok).toBeNull();
  });

  it('words each problem as the spec does', () => {
    expect(ACCOUNT_MESSAGES.username).toEqual({
      required: 'Username is required',
      short: 'Username must be at least 3 characters',
      long: 'Username must be less than 50 characters',
      chars: 'Username can only contain letters, numbers, and underscores',
    });
    expect(ACCOUNT_MESSAGES.email).toBe('Please enter a valid email address');
  });
});

describe('password rules', () => {
  it('takes 8 to 256 characters as typed', () => {
    expect(passwordProblem('1234567')).toBe('short');
    expect(passwordMessage('1234567')).toBe('Password must be at least 8 characters long');
    // spaces count: a password is never trimmed
    expect(passwordProblem('   ab   ')).toBeNull();
    expect(passwordMessage('12345678')).toBeNull();
    expect(passwordProblem('x'.repeat(PASSWORD_MAX))).toBeNull();
    expect(passwordProblem('x'.repeat(PASSWORD_MAX + 1))).toBe('long');
    expect(passwordMessage('x'.repeat(PASSWORD_MAX + 1))).toBe('Password must be at most 256 characters');
  });
});
