import { refusal } from '@tessera/kit/testing';
import { describe, expect, it } from 'vitest';
import { checkId, checkPixels, checkPlace, checkUser } from './validate.js';

/** The code, field and message a synchronous check refused with. */
const refused = (check: () => unknown) => refusal(Promise.resolve().then(check));

describe('payment argument checks (the shared rules of @tessera/facts)', () => {
  it("names the contract's snake_case fields and caps the canvas index like every service", async () => {
    expect(await refused(() => checkPlace(2_147_483_648, 0))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'canvas_index',
      message: 'canvas_index must be an integer from 0 to 2147483647',
    });
    expect(await refused(() => checkPlace(0, 625))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'board_index',
      message: 'board_index must be an integer from 0 to 624',
    });
    expect(() => checkPlace(2_147_483_647, 624)).not.toThrow();
  });

  it('tells an absent caller from a malformed user id', async () => {
    expect(await refused(() => checkUser(''))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await refused(() => checkUser('a.b'))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'user_id',
      message: 'user_id is not a valid user id',
    });
    expect(() => checkUser('0b6c3f5e-2f67-4c8e-9d4a-3b1f2a9c7d10')).not.toThrow();
    expect(await refused(() => checkId('pi 1', 'payment_intent_id'))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'payment_intent_id',
      message: 'payment_intent_id is malformed',
    });
  });

  it("reads an order's pixels by the order rules, in the order's stored form", async () => {
    expect(
      checkPixels([
        { x: 0, y: 0, color: '#ffffff', isDefault: true },
        { x: 1, y: 0, color: '#a1b2c3', isDefault: false },
      ]),
    ).toEqual([
      { x: 0, y: 0, color: '', isDefault: true },
      { x: 1, y: 0, color: '#A1B2C3', isDefault: false },
    ]);
    expect(await refused(() => checkPixels([{ x: 0, y: 0, color: '#abc', isDefault: false }]))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'pixels',
      message: 'Pixel (0, 0) needs a colour like #RRGGBB',
    });
  });
});
