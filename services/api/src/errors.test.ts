import { describe, expect, it } from 'vitest';
import { ApiErrorBody } from './errors.js';

describe('the error body', () => {
  it('accepts the spec shape and refuses a success or a missing message', () => {
    const body = {
      success: false,
      message: 'Board index must be between 0 and 624',
      error: 'VALIDATION_ERROR',
      statusCode: 400,
      timestamp: '2026-11-29T11:00:00.000Z',
      field: 'boardIndex',
    };
    expect(ApiErrorBody.parse(body)).toEqual(body);
    expect(ApiErrorBody.safeParse({ ...body, success: true }).success).toBe(false);
    expect(ApiErrorBody.safeParse({ ...body, message: undefined }).success).toBe(false);
  });
});
