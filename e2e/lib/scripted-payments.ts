// A scripted payment backend for browser tests of the payment modal (page.route): the spec's
// /api/config/stripe, create-payment-intent, address (tax), sandbox confirmation with the test cards,
// status, tracking, purchase records and the pixel batches. It keeps the intent's state, so the
// browser sees the same lifecycle as with the sandbox provider.
import { priceOrder, ESTIMATED_JURISDICTION, ESTIMATED_TAX_BPS } from '@tessera/facts/pricing';
import { errorReply, type Handler, type Reply, type SeenRequest } from './scripted-auth.js';

export const DECLINED = 'Your card was declined.';
export const INSUFFICIENT = 'Your card has insufficient funds.';

export interface PaymentScript {
  handlers: Record<string, Handler>;
  /** The intent's status as the fake provider knows it. */
  status(): string;
}

const ok = (body: unknown): Reply => ({ status: 200, body });

/** NY addresses are taxed at 8.875% (New York, NY); any other state at 6%. */
function taxFor(address: Record<string, string>): { bps: number; jurisdiction: string } {
  return address.state === 'NY'
    ? { bps: 888, jurisdiction: 'New York, NY' }
    : { bps: 600, jurisdiction: address.state ?? ESTIMATED_JURISDICTION };
}

export function scriptPayments(board: { canvasIndex: number; boardIndex: number }): PaymentScript {
  let status = 'none';
  /** The order's pixels in the artist's colours and in custom colours, as the intent named them. */
  let counts = { artist: 0, custom: 0 };
  const id = 'pi_e2e_1';
  // the server's price (@tessera/facts/pricing), at the tax rate of the billing address once known
  const breakdown = (taxBps: number, jurisdiction: string) => {
    const price = priceOrder(counts.artist, counts.custom, taxBps);
    return {
      subtotal_cents: price.subtotalCents,
      service_fee_cents: price.serviceFeeCents,
      tax_amount_cents: price.taxAmountCents,
      tax_rate: taxBps / 10000,
      tax_jurisdiction: jurisdiction,
      total_cents: price.totalCents,
    };
  };
  const base = `/api/pixels/canvas/${board.canvasIndex}/board/${board.boardIndex}`;
  const handlers: Record<string, Handler> = {
    'GET /api/config/stripe': () =>
      ok({ success: true, data: { publishableKey: null, provider: 'sandbox' } }),
    'POST /api/payments/create-payment-intent': (req: SeenRequest) => {
      const body = req.body as { pixels: Array<{ isDefault: boolean }>; amount: number };
      const artist = body.pixels.filter((p) => p.isDefault).length;
      counts = { artist, custom: body.pixels.length - artist };
      const estimate = breakdown(ESTIMATED_TAX_BPS, ESTIMATED_JURISDICTION);
      if (body.amount !== estimate.total_cents) return errorReply(400, 'AMOUNT_MISMATCH', 'Amount mismatch');
      status = 'requires_payment_method';
      return ok({
        success: true,
        clientSecret: `${id}_secret_e2e`,
        paymentIntentId: id,
        actualPaymentBreakdown: estimate,
      });
    },
    [`PATCH /api/payments/intent/${id}/address`]: (req: SeenRequest) => {
      const address = (req.body as { billingAddress: Record<string, string> }).billingAddress;
      const tax = taxFor(address);
      return ok({
        success: true,
        paymentIntentId: id,
        status,
        actualPaymentBreakdown: breakdown(tax.bps, tax.jurisdiction),
      });
    },
    'POST /api/payments/sandbox/confirm': (req: SeenRequest) => {
      const number = (req.body as { cardNumber: string }).cardNumber;
      const declined = (code: string, message: string): Reply =>
        ok({ success: false, paymentIntent: { id, status, amount: 0 }, error: { code, message } });
      if (number === '4000000000000002') return declined('card_declined', DECLINED);
      if (number === '4000000000009995') return declined('insufficient_funds', INSUFFICIENT);
      status = 'succeeded';
      return ok({ success: true, paymentIntent: { id, status, amount: 0 }, error: null });
    },
    [`GET /api/payments/payment-intents/${id}/status`]: () =>
      ok({ success: true, paymentIntentId: id, status }),
    'POST /api/payment-intents': () => ok({ success: true, message: 'Payment intent tracked' }),
    'POST /api/pixel-purchases': () => ok({ success: true, message: 'Purchase recorded' }),
    [`POST ${base}/batch-reset`]: (req: SeenRequest) =>
      ok({ success: true, message: 'ok', count: (req.body as { pixels: unknown[] }).pixels.length }),
    [`POST ${base}/batch-update`]: (req: SeenRequest) =>
      ok({ success: true, message: 'ok', count: (req.body as { pixels: unknown[] }).pixels.length }),
  };
  return { handlers, status: () => status };
}
