import { describe, expect, it } from 'vitest';
import { BatchSaved, OrderRefunded, PixelPurchaseRecord, SandboxAnswer } from './payments.js';

describe('the payment contract', () => {
  it('a sandbox decline is success false with the provider error; a pass has none', () => {
    const declined = {
      success: false,
      paymentIntent: { id: 'pi_1', status: 'requires_payment_method', amount: 474 },
      error: { code: 'card_declined', message: 'Your card was declined.' },
    };
    expect(SandboxAnswer.parse(declined)).toEqual(declined);
    expect(SandboxAnswer.safeParse({ ...declined, error: 'card_declined' }).success).toBe(false);
  });

  it("a purchase record's pixels are [x, y] pairs and its status is 'completed'", () => {
    const record = {
      payment_intent_id: 'pi_1',
      canvas_index: 0,
      x_y_array: [[1, 2]],
      price_cents: 100,
      purchase_status: 'completed',
      purchased_at: '2026-11-29T11:00:00.000Z',
    };
    expect(PixelPurchaseRecord.parse(record)).toEqual(record);
    expect(PixelPurchaseRecord.safeParse({ ...record, x_y_array: [{ x: 1, y: 2 }] }).success).toBe(false);
    expect(PixelPurchaseRecord.safeParse({ ...record, purchase_status: 'pending' }).success).toBe(false);
  });

  it('a save answers its price; a refunded order is an error body with the refund', () => {
    const saved = {
      success: true,
      message: '2 pixel(s) saved',
      count: 2,
      alreadyCommitted: false,
      data: { calculatedPrice: { totalDollars: 2, defaultColorCount: 2 } },
    };
    expect(BatchSaved.parse(saved)).toEqual(saved);
    const refunded = {
      success: false,
      message: 'refunded',
      error: 'ORDER_REFUNDED',
      statusCode: 409,
      timestamp: '2026-11-29T11:00:00.000Z',
      field: 'purchaseInfo.payment_intent_id',
      paymentIntentId: 'pi_1',
      orderState: 'refunded',
      refundedAmount: 474,
      refundReason: 'pixels_taken',
    };
    expect(OrderRefunded.parse(refunded)).toEqual(refunded);
    expect(OrderRefunded.safeParse({ ...refunded, orderState: 'gone' }).success).toBe(false);
  });
});
