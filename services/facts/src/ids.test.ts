import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isOrderId, isUserId, ORDER_ID_MAX, USER_ID_MAX } from './ids.js';

describe('ids', () => {
  it('takes every user id identity issues', () => {
    for (let i = 0; i < 100; i++) expect(isUserId(randomUUID())).toBe(true);
  });

  it('takes readable user ids and refuses what could split a key, name an address or break a line', () => {
    for (const ok of ['u1', 'user-a_1', 'x'.repeat(USER_ID_MAX)]) expect(isUserId(ok), ok).toBe(true);
    const refused = ['', 'x'.repeat(USER_ID_MAX + 1), 'a:b', 'a@b.co', 'a b', 'a\nb', '../x', 7, null];
    for (const bad of refused) expect(isUserId(bad), JSON.stringify(bad)).toBe(false);
  });

  it("takes the payment provider's intent ids as order ids", () => {
    for (const ok of ['pi_3N0abcDEF', 'pi_sbx_0123abcd', 'order-1.2:3', 'o'.repeat(ORDER_ID_MAX)])
      expect(isOrderId(ok), ok).toBe(true);
    for (const bad of ['', 'o'.repeat(ORDER_ID_MAX + 1), 'pi 1', 'pi/1', undefined])
      expect(isOrderId(bad), String(bad)).toBe(false);
  });
});
