// Sign-in screen and username rules (spec section 5).
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@tessera/facts/account';
import {
  FORM_MESSAGES,
  canSubmitRegister,
  passwordStrength,
  sanitizeCode,
  validateLogin,
  validateRegister,
  validateReset,
  validateResetEmail,
} from './validation.js';

describe('validateLogin', () => {
  it('needs a valid e-mail and a password', () => {
    expect(validateLogin({ email: 'nope', password: '' })).toEqual({
      email: ACCOUNT_MESSAGES.email,
      password: FORM_MESSAGES.passwordRequired,
    });
    expect(validateLogin({ email: ' ada@example.com ', password: 'x' })).toEqual({});
  });
});

describe('validateRegister', () => {
  const ok = {
    username: 'ada',
    email: 'ada@example.com',
    password: 'longenough',
    confirmPassword: 'longenough',
  };
  it('accepts a complete form', () => {
    expect(validateRegister(ok)).toEqual({});
  });
  it('reports each field with the spec texts', () => {
    expect(validateRegister({ ...ok, username: '' }).username).toBe('Username is required');
    expect(validateRegister({ ...ok, username: 'ab' }).username).toBe(
      'Username must be at least 3 characters',
    );
    expect(validateRegister({ ...ok, email: 'a@b' }).email).toBe('Please enter a valid email address');
    expect(validateRegister({ ...ok, password: 'short', confirmPassword: 'short' }).password).toBe(
      'Password must be at least 8 characters long',
    );
    expect(validateRegister({ ...ok, confirmPassword: 'different' }).confirmPassword).toBe(
      'Passwords do not match',
    );
  });
  it('applies the account rules of @tessera/facts/account, as the identity service does', () => {
    expect(validateRegister({ ...ok, username: 'a'.repeat(50) }).username).toBe(
      ACCOUNT_MESSAGES.username.long,
    );
    expect(validateRegister({ ...ok, username: 'ada-l' }).username).toBe(ACCOUNT_MESSAGES.username.chars);
    // identity refuses control characters and addresses over 254 characters: so does the form now
    expect(validateRegister({ ...ok, email: 'a\u0000da@x.io' }).email).toBe(ACCOUNT_MESSAGES.email);
    expect(validateRegister({ ...ok, email: `${'a'.repeat(250)}@x.io` }).email).toBe(ACCOUNT_MESSAGES.email);
    const long = 'x'.repeat(257);
    expect(validateRegister({ ...ok, password: long, confirmPassword: long }).password).toBe(
      ACCOUNT_MESSAGES.password.long,
    );
    expect(validateReset({ code: '123456', newPassword: long }).newPassword).toBe(
      ACCOUNT_MESSAGES.password.long,
    );
  });
  it('enables Create Account from 8 characters', () => {
    expect(canSubmitRegister('1234567')).toBe(false);
    expect(canSubmitRegister('12345678')).toBe(true);
  });
});

describe('forgot password', () => {
  it('checks the e-mail of step 1', () => {
    expect(validateResetEmail('x')).toEqual({ email: ACCOUNT_MESSAGES.email });
    expect(validateResetEmail('a@b.co')).toEqual({});
  });
  it('keeps digits only, at most 6', () => {
    expect(sanitizeCode('12a3-45 678')).toBe('123456');
    expect(sanitizeCode('abc')).toBe('');
  });
  it('needs exactly 6 digits and an 8-character password', () => {
    expect(validateReset({ code: '12345', newPassword: 'short' })).toEqual({
      code: 'Please enter the 6-digit code',
      newPassword: ACCOUNT_MESSAGES.password.short,
    });
    expect(validateReset({ code: '123456', newPassword: 'longenough' })).toEqual({});
  });
});

describe('passwordStrength', () => {
  it('scores length 8, length 12, lower, upper, digit and symbol', () => {
    expect(passwordStrength('')).toEqual({ score: 0, label: 'Very Weak', strong: false });
    expect(passwordStrength('a')).toMatchObject({ score: 1, label: 'Very Weak' });
    expect(passwordStrength('abcdefgh')).toMatchObject({ score: 2, label: 'Weak' });
    expect(passwordStrength('abcdefgH')).toMatchObject({ score: 3, label: 'Fair', strong: false });
    expect(passwordStrength('abcdefH1')).toMatchObject({ score: 4, label: 'Good', strong: true });
    expect(passwordStrength('abcdefH1!')).toMatchObject({ score: 5, label: 'Strong' });
    expect(passwordStrength('abcdefghH1!x')).toMatchObject({ score: 6, label: 'Very Strong', strong: true });
  });
});
