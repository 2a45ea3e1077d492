import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_TTL_SEC,
  ACCOUNT_MESSAGES,
  EMAIL_MAX,
  PASSWORD_MAX,
  RESET_CODE_EXPIRY_TEXT,
  RESET_CODE_LENGTH,
  RESET_CODE_TTL_MS,
  RESET_MESSAGES,
  RESET_RESEND_COOLDOWN_MS,
  SESSION_MESSAGES,
  isResetCodeShape,
  isValidEmail,
  newAccountLimitMessage,
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

describe('reset code rules', () => {
  it('are the spec figures: 6 digits, 5 minutes, 60 s between codes', () => {
    expect(RESET_CODE_LENGTH).toBe(6);
    expect(RESET_CODE_TTL_MS).toBe(300_000);
    expect(RESET_RESEND_COOLDOWN_MS).toBe(60_000);
    expect(RESET_CODE_EXPIRY_TEXT).toBe('The code expires in 5 minutes');
  });

  it('takes exactly RESET_CODE_LENGTH digits, leading zeros included', () => {
    expect(isResetCodeShape('012345')).toBe(true);
    expect(isResetCodeShape('000000')).toBe(true);
    for (const bad of ['', '12345', '1234567', '12a456', ' 123456', '123456 ', '12 456', '１２３４５６'])
      expect(isResetCodeShape(bad), JSON.stringify(bad)).toBe(false);
  });

  it('words a bad code with the length it checks', () => {
    expect(ACCOUNT_MESSAGES.resetCode).toBe('Please enter the 6-digit code');
    expect(ACCOUNT_MESSAGES.resetCode).toContain(`${RESET_CODE_LENGTH}-digit`);
  });
});

describe('access token lifetime', () => {
  it('is 15 minutes', () => {
    expect(ACCESS_TOKEN_TTL_SEC).toBe(900);
  });
});

describe('password reset answers', () => {
  it('are the spec texts', () => {
    expect(RESET_MESSAGES).toEqual({
      codeSent: 'If an account exists with this email, a reset code has been sent.',
      passwordReset: 'Password has been reset successfully!',
    });
  });
});

describe('session messages', () => {
  it('say the session ended or expired, and to sign in again', () => {
    expect(SESSION_MESSAGES.ended).toBe('Your session has ended. Please sign in again.');
    expect(SESSION_MESSAGES.expired).toBe('Your session has expired. Please sign in again.');
  });
});

describe('the new-account limit message', () => {
  it('tells the wait in minutes, or hours when long, and what to do meanwhile', () => {
    expect(newAccountLimitMessage(30)).toBe(
      'Too many new accounts have been created from your network. Please try again in 1 minute, or sign in to an account you already have.',
    );
    expect(newAccountLimitMessage(59 * 60)).toContain('in 59 minutes,');
    expect(newAccountLimitMessage(20 * 3600)).toContain('in 20 hours,');
  });
});
