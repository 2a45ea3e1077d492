import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isOrderId, isUserId, USER_ID_MAX } from './ids.js';

describe('ids', () => {
  it('takes every user id identity issues', () => {
    for (let i = 0; i < 100; i++) expect(isUserId(randomUUID())).toBe(true);
  });

  it.each([
    ['u1', true],
    ['user-a_1', true],
    ['x'.repeat(USER_ID_MAX), true],
    ['', false],
    ['x'.repeat(USER_ID_MAX + 1), false],
    ['a:b', false],
    ['a@b.co', false],
    ['a b', false],
    ['a\nb', false],
    ['../x', false],
    [7, false],
    [null, false],
  ])('isUserId(%j) is %s', (value, ok) => {
    expect(isUserId(value)).toBe(ok);
  });

  it.each([
    ['pi_3N0abcDEF', true],
    ['pi_sbx_0123abcd', true],
    ['order-1.2:3', true],
    ['o'.repeat(200), true],
    ['', false],
    ['o'.repeat(201), false],
    ['pi 1', false],
    ['pi/1', false],
    [undefined, false],
  ])('isOrderId(%j) is %s', (value, ok) => {
    expect(isOrderId(value)).toBe(ok);
  });
});
