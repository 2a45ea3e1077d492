import { describe, expect, it } from 'vitest';
import {
  auditInputProblem,
  boardIndexProblem,
  canvasIndexProblem,
  isPrintableText,
  orderIdProblem,
  pixelProblem,
  userIdProblem,
} from './inputs.js';

describe('argument rules', () => {
  it('names the canvas and board index fields as the contracts do', () => {
    expect(canvasIndexProblem(0)).toBeNull();
    expect(canvasIndexProblem(2_147_483_647)).toBeNull();
    for (const bad of [-1, 2_147_483_648, 0.5])
      expect(canvasIndexProblem(bad)).toEqual({
        field: 'canvas_index',
        message: 'canvas_index must be an integer from 0 to 2147483647',
      });
    expect(boardIndexProblem(624)).toBeNull();
    for (const bad of [-1, 625, 2.5])
      expect(boardIndexProblem(bad)).toEqual({
        field: 'board_index',
        message: 'board_index must be an integer from 0 to 624',
      });
  });

  it('refuses a pixel outside the board under the field that carries it', () => {
    expect(pixelProblem(48, 0, 'x')).toBeNull();
    expect(pixelProblem(49, 0, 'x')).toEqual({
      field: 'x',
      message: 'Pixel (49, 0) is outside the board (x and y are 0 to 48)',
    });
    expect(pixelProblem(0, -1, 'pixels')?.field).toBe('pixels');
    expect(pixelProblem(0.5, 0, 'pixels')).not.toBeNull();
  });

  it('tells a missing id from a malformed one', () => {
    expect(userIdProblem('0b6c3f5e-2f67-4c8e-9d4a-3b1f2a9c7d10')).toBeNull();
    expect(userIdProblem('')).toEqual({ field: 'user_id', message: 'user_id is required', missing: true });
    expect(userIdProblem('a:b')).toEqual({ field: 'user_id', message: 'user_id is not a valid user id' });
    expect(orderIdProblem('pi_1')).toBeNull();
    expect(orderIdProblem('', 'payment_intent_id')).toMatchObject({
      field: 'payment_intent_id',
      missing: true,
    });
    expect(orderIdProblem('pi 1')).toEqual({ field: 'order_id', message: 'order_id is malformed' });
  });

  it('takes printable text only', () => {
    expect(isPrintableText('Maria Ölund (ops) ✓')).toBe(true);
    expect(isPrintableText('')).toBe(true);
    for (const bad of ['a\nb', 'tab\there', 'nul\u0000', 'del\u007f', '\u001b[31mred'])
      expect(isPrintableText(bad), JSON.stringify(bad)).toBe(false);
  });

  it('checks the operator and the reason of an audited action', () => {
    expect(auditInputProblem({ operator: 'maria', reason: 'hateful message' })).toBeNull();
    // an action without a reason (a promotion) checks the operator only
    expect(auditInputProblem({ operator: 'maria' })).toBeNull();
    expect(auditInputProblem({ operator: ' ', reason: 'spam' })).toMatchObject({
      field: 'operator',
      missing: true,
    });
    expect(auditInputProblem({ operator: 'o'.repeat(100), reason: 'spam' })).toBeNull();
    expect(auditInputProblem({ operator: 'o'.repeat(101), reason: 'spam' })).toEqual({
      field: 'operator',
      message: 'operator must be 1 to 100 printable characters',
    });
    expect(auditInputProblem({ operator: 'a\nb' })?.field).toBe('operator');
    expect(auditInputProblem({ operator: 'maria', reason: '   ' })).toMatchObject({
      field: 'reason',
      missing: true,
    });
    expect(auditInputProblem({ operator: 'maria', reason: ' ok ' })).toEqual({
      field: 'reason',
      message: 'reason must be 3 to 500 characters (why, for the audit log)',
    });
    expect(auditInputProblem({ operator: 'maria', reason: ` ${'r'.repeat(500)} ` })).toBeNull();
    expect(auditInputProblem({ operator: 'maria', reason: 'r'.repeat(501) })?.field).toBe('reason');
  });
});
