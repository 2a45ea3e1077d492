import { describe, expect, it } from 'vitest';
import { saveProblem } from './save.js';

const order = {
  canvasIndex: 2,
  boardIndex: 7,
  pixels: [
    { x: 1, y: 1, color: '#AABBCC', isDefault: false },
    { x: 2, y: 1, color: '#102030', isDefault: true },
  ],
};

describe('the save of a paid order', () => {
  it("accepts the order's own pixels, in part or in full, whatever the colour's case", () => {
    expect(saveProblem(order, 2, 7, [{ x: 1, y: 1, color: '#aabbcc', isDefault: false }])).toBeNull();
    expect(saveProblem(order, 2, 7, [{ x: 2, y: 1, color: '', isDefault: true }])).toBeNull();
  });

  it('refuses another board or canvas', () => {
    for (const [c, b] of [
      [2, 8],
      [3, 7],
    ] as const)
      expect(saveProblem(order, c, b, [{ x: 1, y: 1, color: '#AABBCC', isDefault: false }])).toEqual({
        message: 'This payment is for another board',
        field: 'purchaseInfo.payment_intent_id',
      });
  });

  it('refuses a pixel outside the order, of the other kind, or in another colour', () => {
    expect(saveProblem(order, 2, 7, [{ x: 3, y: 1, color: '#AABBCC', isDefault: false }])?.message).toBe(
      'Pixel (3, 1) is not part of this payment',
    );
    expect(saveProblem(order, 2, 7, [{ x: 1, y: 1, color: '', isDefault: true }])?.message).toBe(
      'Pixel (1, 1) is not part of this payment',
    );
    expect(saveProblem(order, 2, 7, [{ x: 2, y: 1, color: '#102030', isDefault: false }])?.message).toBe(
      'Pixel (2, 1) is not part of this payment',
    );
    // a pixel off the board is not the order's either (the save's pixels were not checked before)
    expect(saveProblem(order, 2, 7, [{ x: 50, y: 0, color: '#AABBCC', isDefault: false }])?.message).toBe(
      'Pixel (50, 0) is not part of this payment',
    );
    expect(saveProblem(order, 2, 7, [{ x: 1, y: 1, color: '#AABBCD', isDefault: false }])).toEqual({
      message: 'Pixel (1, 1) was paid for in another colour',
      field: 'pixels',
    });
  });
});
