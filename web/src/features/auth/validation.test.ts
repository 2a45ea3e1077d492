// Sign-in screen and username rules (spec section 5).
import { describe, expect, it } from 'vitest';
import {
  VALIDATION_MESSAGES as M,
  canSubmitRegister,
  passwordStrength,
  sanitizeCode,
  usernameError,
  validateLogin,
  validateRegister,
  validateReset,
  validateResetEmail,
} from './validation.js';

describe('validateLogin', () => {
  it('needs a valid e-mail and a password', () => {
    expect(validateLogin({ email: 'nope', password: '' })).toEqual({
      email: M.email,
      password: M.passwordRequired,
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
  it('enables Create Account from 8 characters', () => {
    expect(canSubmitRegister('1234567')).toBe(false);
    expect(canSubmitRegister('12345678')).toBe(true);
  });
});

describe('usernameError', () => {
  it('applies the username choice rules', () => {
    expect(usernameError('  ')).toBe(M.usernameRequired);
    expect(usernameError('ab')).toBe(M.usernameShort);
    expect(usernameError('a'.repeat(49))).toBeNull();
    expect(usernameError('a'.repeat(50))).toBe('Username must be less than 50 characters');
    expect(usernameError('ada lovelace')).toBe('Username can only contain letters, numbers, and underscores');
    expect(usernameError('ada-l')).toBe(M.usernameChars);
    expect(usernameError('Ada_1815')).toBeNull();
  });
});

describe('forgot password', () => {
  it('checks the e-mail of step 1', () => {
    expect(validateResetEmail('x')).toEqual({ email: M.email });
    expect(validateResetEmail('a@b.co')).toEqual({});
  });
  it('keeps digits only, at most 6', () => {
    expect(sanitizeCode('12a3-45 678')).toBe('123456');
    expect(sanitizeCode('abc')).toBe('');
  });
  it('needs exactly 6 digits and an 8-character password', () => {
    expect(validateReset({ code: '12345', newPassword: 'short' })).toEqual({
      code: 'Please enter the 6-digit code',
      newPassword: M.passwordShort,
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
