import { ConnectError } from '@connectrpc/connect';
import { ERROR_CODE_HEADER, ERROR_FIELD_HEADER } from '@tessera/kit';
import { describe, expect, it } from 'vitest';
import { checkBoard, checkCanvas, checkUserId, checkUsername } from './validate.js';

/** The code, field and message `check` refused with. */
function refusal(check: () => unknown) {
  try {
    check();
  } catch (err) {
    const e = ConnectError.from(err);
    return {
      code: e.metadata.get(ERROR_CODE_HEADER),
      field: e.metadata.get(ERROR_FIELD_HEADER),
      message: e.rawMessage,
    };
  }
  throw new Error('expected a refusal');
}

describe('lock argument checks (the shared rules of @tessera/facts/inputs)', () => {
  it('takes canvas indexes up to the int32 maximum and the 625 boards', () => {
    expect(checkCanvas(2_147_483_647)).toBe(2_147_483_647);
    expect(refusal(() => checkCanvas(2_147_483_648))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'canvas_index',
      message: 'canvas_index must be an integer from 0 to 2147483647',
    });
    expect(checkBoard(624)).toBe(624);
    expect(refusal(() => checkBoard(625)).field).toBe('board_index');
  });

  it('takes the user ids identity issues, not e-mail-like or key-splitting ones', () => {
    expect(checkUserId('0b6c3f5e-2f67-4c8e-9d4a-3b1f2a9c7d10')).toBe('0b6c3f5e-2f67-4c8e-9d4a-3b1f2a9c7d10');
    expect(refusal(() => checkUserId(''))).toEqual({
      code: 'MISSING_FIELD',
      field: 'user_id',
      message: 'user_id is required',
    });
    for (const bad of ['a@b.co', 'a:b', 'x'.repeat(65)])
      expect(
        refusal(() => checkUserId(bad)),
        bad,
      ).toMatchObject({ code: 'VALIDATION_ERROR', field: 'user_id' });
  });

  it('takes a username of printable characters only', () => {
    expect(checkUsername('Ada Lovelace')).toBe('Ada Lovelace');
    for (const bad of ['a\nb', 'del\u007f', 'x'.repeat(65)])
      expect(refusal(() => checkUsername(bad)).field, JSON.stringify(bad)).toBe('username');
  });
});
