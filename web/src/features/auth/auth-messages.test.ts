// How failed auth calls show on a form.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.js';
import { SERVER_CODE_MESSAGES } from '../../api/messages.js';
import { formFailure } from './auth-messages.js';

const err = (code: string, status: number, message = 'server says', field: string | null = null) =>
  new ApiError({ code, status, message, field });

describe('formFailure', () => {
  it('flags both fields for INVALID_CREDENTIALS and puts the message in the banner', () => {
    expect(formFailure(err('INVALID_CREDENTIALS', 401), 'fb', ['email', 'password'])).toEqual({
      banner: SERVER_CODE_MESSAGES.INVALID_CREDENTIALS,
      fields: {},
      flagged: ['email', 'password'],
    });
  });
  it('puts a one-field message under its field, mapping aliases', () => {
    expect(formFailure(err('EMAIL_ALREADY_EXISTS', 409, 'x', 'email'), 'fb', ['email'])).toEqual({
      banner: null,
      fields: { email: SERVER_CODE_MESSAGES.EMAIL_ALREADY_EXISTS },
      flagged: ['email'],
    });
    expect(formFailure(err('INVALID_OTP', 400, 'x', 'otp'), 'fb', ['code'], { otp: 'code' }).fields).toEqual({
      code: SERVER_CODE_MESSAGES.INVALID_OTP,
    });
  });
  it('uses the banner for unknown fields', () => {
    expect(formFailure(err('RATE_LIMIT_EXCEEDED', 429, 'x', 'ip'), 'fb', ['email'])).toEqual({
      banner: SERVER_CODE_MESSAGES.RATE_LIMIT_EXCEEDED,
      fields: {},
      flagged: [],
    });
  });
});
