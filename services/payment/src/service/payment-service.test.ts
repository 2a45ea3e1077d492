import { describe, expect, it } from 'vitest';
import { Code, ConnectError } from '@connectrpc/connect';
import { ERROR_CODE_HEADER } from '@tessera/kit';
import { forSuite } from '@tessera/kit/testing';
import { OrderState } from '@tessera/proto/tessera/payment/v1/payment_pb.js';
import { colourCounts, estimateOrderPrice } from '@tessera/facts/pricing';
import { startPaymentHarness } from '../test/harness.js';

const h = forSuite(startPaymentHarness);

async function failure(p: Promise<unknown>): Promise<{ code: Code; app: string | null; message: string }> {
  try {
    await p;
  } catch (err) {
    const ce = ConnectError.from(err);
    return { code: ce.code, app: ce.metadata.get(ERROR_CODE_HEADER), message: ce.rawMessage };
  }
  throw new Error('expected a failure');
}

const pixels = (board: number, n: number, custom = 0) =>
  Array.from({ length: n }, (_, i) => ({
    x: i,
    y: board % 49,
    color: i < custom ? '#12AB34' : '',
    isDefault: i >= custom,
  }));

function createReq(userId: string, board: number, n: number, custom = 0, claimed?: number) {
  const px = pixels(board, n, custom);
  return {
    userId,
    canvasIndex: h.canvasIndex,
    boardIndex: board,
    pixels: px,
    claimedAmountCents: claimed ?? estimateOrderPrice(colourCounts(px)).totalCents,
    currency: 'usd',
  };
}

const card = (number: string) => ({ cardNumber: number, expMonth: 12, expYear: 2099, cvc: '123' });

describe('payment intents', () => {
  it('prices on the server and refuses a wrong amount with AMOUNT_MISMATCH', async () => {
    const f = await failure(h.client.createPaymentIntent(createReq('u1', 1, 3, 1, 100)));
    expect(f.app).toBe('AMOUNT_MISMATCH');
    expect(f.message).toMatch(/\$1\.00.*\$4\.\d\d/);
    const { intent } = await h.client.createPaymentIntent(createReq('u1', 1, 3, 1));
    // 1 custom (200) + 2 artist (100) = 400; fee 12 + 30; tax 8% = 32
    expect(intent?.breakdown).toMatchObject({
      subtotalCents: 400,
      serviceFeeCents: 42,
      taxAmountCents: 32,
      totalCents: 474,
      taxJurisdiction: 'Estimated',
    });
    expect(intent?.clientSecret).toMatch(/_secret_/);
    expect(intent?.pixels[1]?.color).toMatch(/^#[0-9A-F]{6}$/); // artist colour filled in by the canvas
  });

  it('needs the board lock, and refuses pixels held by another order before payment', async () => {
    h.locks.set('2', { userId: 'holder', fencingToken: 5 });
    expect((await failure(h.client.createPaymentIntent(createReq('u2', 2, 2)))).app).toBe('LOCK_CONFLICT');
    await h.client.createPaymentIntent(createReq('holder', 2, 2));
    const f = await failure(h.client.createPaymentIntent(createReq('holder', 2, 3)));
    expect(f.app).toBe('CONFLICT');
  });

  it('an intent belongs to its creator', async () => {
    const { intent } = await h.client.createPaymentIntent(createReq('owner', 3, 1));
    const id = intent!.id;
    expect((await failure(h.client.getPaymentIntent({ userId: 'thief', intentId: id }))).app).toBe(
      'unauthorized_payment_intent_access',
    );
    expect((await failure(h.client.commitOrder({ userId: 'thief', intentId: id }))).code).toBe(
      Code.PermissionDenied,
    );
    expect(
      (
        await failure(
          h.client.confirmSandboxPayment({
            userId: 'thief',
            clientSecret: intent!.clientSecret,
            ...card('4242424242424242'),
          }),
        )
      ).code,
    ).toBe(Code.PermissionDenied);
    expect((await failure(h.client.getPaymentIntent({ userId: 'owner', intentId: 'pi_missing' }))).app).toBe(
      'payment_intent_not_found',
    );
  });

  it('updates the address: tax from the provider, amount changed; bad addresses refused', async () => {
    const { intent } = await h.client.createPaymentIntent(createReq('addr', 4, 10));
    const id = intent!.id;
    const bad = await failure(
      h.client.updateIntentAddress({
        userId: 'addr',
        intentId: id,
        billingAddress: {
          line1: '1 Main St',
          city: 'Albany',
          state: 'XX',
          postalCode: '12207',
          country: 'US',
        },
      }),
    );
    expect(bad).toMatchObject({ app: 'invalid_billing_address', message: 'Invalid US state code' });
    const albany = { line1: '1 Main St', city: 'Albany', state: 'ny', postalCode: '12207' };
    // the country is required, as the modal's form requires it (facts' one address rule)
    const noCountry = await failure(
      h.client.updateIntentAddress({ userId: 'addr', intentId: id, billingAddress: albany }),
    );
    expect(noCountry).toMatchObject({ app: 'invalid_billing_address', message: 'Country is required' });
    const { intent: taxed } = await h.client.updateIntentAddress({
      userId: 'addr',
      intentId: id,
      billingAddress: { ...albany, country: 'US' },
    });
    // 1000 subtotal, fee 60, NY 4% = 40
    expect(taxed?.breakdown).toMatchObject({
      taxRateBps: 400,
      taxAmountCents: 40,
      taxJurisdiction: 'NY',
      totalCents: 1100,
    });
    expect(taxed?.amountCents).toBe(1100);
    expect((await h.sandbox.retrieve(id)).amountCents).toBe(1100);
  });

  it('declined cards sell nothing; 4242 pays; the save grants exactly once with a 70/30 ledger', async () => {
    const { intent } = await h.client.createPaymentIntent(createReq('buyer', 5, 4, 2));
    const id = intent!.id;
    const declined = await h.client.confirmSandboxPayment({
      userId: 'buyer',
      clientSecret: intent!.clientSecret,
      ...card('4000 0000 0000 0002'),
    });
    expect(declined).toMatchObject({ errorMessage: 'Your card was declined.', errorCode: 'generic_decline' });
    const poor = await h.client.confirmSandboxPayment({
      userId: 'buyer',
      clientSecret: intent!.clientSecret,
      ...card('4000000000009995'),
    });
    expect(poor.errorMessage).toBe('Your card has insufficient funds.');
    expect(poor.intent?.status).toBe('requires_payment_method');
    const unpaid = await failure(h.client.commitOrder({ userId: 'buyer', intentId: id }));
    expect(unpaid.message).toMatch(/Payment verification failed/);
    expect((await h.canvasCore.deps.boards.get(h.canvasIndex, 5))!.soldCount).toBe(0);

    const paid = await h.client.confirmSandboxPayment({
      userId: 'buyer',
      clientSecret: intent!.clientSecret,
      ...card('4242424242424242'),
    });
    expect(paid.intent?.status).toBe('succeeded');
    // the save names the board and pixels: only the order's own, in the colour paid for
    const save = (boardIndex: number, px: ReturnType<typeof pixels>) =>
      h.client.commitOrder({
        userId: 'buyer',
        intentId: id,
        canvasIndex: h.canvasIndex,
        boardIndex,
        pixels: px,
      });
    const mine = pixels(5, 4, 2);
    const first = await save(5, mine.slice(0, 2));
    expect(first).toMatchObject({ alreadyCommitted: false, pixelCount: 4 });
    expect(first.intent?.orderState).toBe(OrderState.COMMITTED);
    const again = await h.client.commitOrder({ userId: 'buyer', intentId: id });
    expect(again.alreadyCommitted).toBe(true);
    // a save naming pixels that are not the order's (or another board, kind or colour) is refused
    for (const [board, px, message] of [
      [6, mine, 'This payment is for another board'],
      [5, pixels(5, 5, 2), 'Pixel (4, 5) is not part of this payment'],
      [5, pixels(5, 4, 3), 'Pixel (2, 5) is not part of this payment'],
      [
        5,
        mine.map((p) => (p.isDefault ? p : { ...p, color: '#12AB35' })),
        'Pixel (0, 5) was paid for in another colour',
      ],
    ] as const) {
      const refused = await failure(save(board, [...px]));
      expect([refused.app, refused.message]).toEqual(['VALIDATION_ERROR', message]);
    }
    const board = (await h.canvasCore.deps.boards.get(h.canvasIndex, 5))!;
    expect(board.soldCount).toBe(4);
    expect(board.owners.slice(5 * 49, 5 * 49 + 4)).toEqual(['buyer', 'buyer', 'buyer', 'buyer']);
    const ledger = await h.client.getLedger({ canvasIndex: h.canvasIndex });
    // 600 subtotal + 48 fee + 48 tax = 696 received; 600 split 420 / 180
    expect(ledger).toMatchObject({
      orderCount: 1,
      receivedCents: 696,
      artistCents: 420,
      galleryCents: 180,
      feeCents: 48,
      taxCents: 48,
    });
  });

  it('refuses a tampered or unsigned webhook with 400', async () => {
    const payload = new TextEncoder().encode(
      JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded' }),
    );
    const f = await failure(h.client.handleProviderEvent({ payload, signature: 't=1,v1=00' }));
    expect(f.code).toBe(Code.InvalidArgument);
  });
});
