import { refusal } from '@tessera/kit/testing';
import { describe, expect, it } from 'vitest';
import { checkBoard, checkCanvas, checkUserId, checkUsername } from './validate.js';

/** The code, field and message a synchronous check refused with. */
const refused = (check: () => unknown) => refusal(Promise.resolve().then(check));

describe('lock argument checks (the shared rules of @tessera/facts/inputs)', () => {
  it('takes canvas indexes up to the int32 maximum and the 625 boards', async () => {
    expect(checkCanvas(2_147_483_647)).toBe(2_147_483_647);
    expect(await refused(() => checkCanvas(2_147_483_648))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'canvas_index',
      message: 'canvas_index must be an integer from 0 to 2147483647',
    });
    expect(checkBoard(624)).toBe(624);
    expect((await refused(() => checkBoard(625))).field).toBe('board_index');
  });

  it('takes the user ids identity issues, not e-mail-like or key-splitting ones', async () => {
    expect(checkUserId('0b6c3f5e-2f67-4c8e-9d4a-3b1f2a9c7d10')).toBe('0b6c3f5e-2f67-4c8e-9d4a-3b1f2a9c7d10');
    expect(await refused(() => checkUserId(''))).toEqual({
      code: 'MISSING_FIELD',
      field: 'user_id',
      message: 'user_id is required',
    });
    for (const bad of ['a@b.co', 'a:b', 'x'.repeat(65)])
      expect(await refused(() => checkUserId(bad)), bad).toMatchObject({
        code: 'VALIDATION_ERROR',
        field: 'user_id',
      });
  });

  it('takes a username of printable characters only', async () => {
    expect(checkUsername('Ada Lovelace')).toBe('Ada Lovelace');
    for (const bad of ['a\nb', 'del\u007f', 'x'.repeat(65)])
      expect((await refused(() => checkUsername(bad))).field, JSON.stringify(bad)).toBe('username');
  });
});
