/**
 * Payments (spec section 7, "Payments"; bodies and answers in bff/README.md, "Payment API"):
 * provider configuration, payment intents (create, billing address, status), the sandbox's card
 * confirmation in test mode, the client's tracking records, and the provider webhook (verified by
 * the payment service on the raw body).
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { BffDeps } from '../deps.js';
import { authOf, requireAuth } from '../auth/middleware.js';
import { bodyOf } from '../auth/body.js';
import { HttpError } from '../middleware/errors.js';
import { breakdownJson, intentStatusJson } from '../payments/json.js';
import { address, arr, coordinate, int, intentId, intLike, obj, onlyKeys, str } from '../payments/parse.js';
import { PIXELS_PER_BOARD, TOTAL_BOARDS } from '@tessera/facts/grid';

const MAX_PIXELS = PIXELS_PER_BOARD;

function pixelList(v: unknown) {
  return arr(v, 'pixels', MAX_PIXELS).map((raw, i) => {
    const p = obj(raw, `pixels[${i}]`);
    const isDefault = p.isDefault === undefined ? false : p.isDefault;
    if (typeof isDefault !== 'boolean')
      throw new HttpError('VALIDATION_ERROR', `pixels[${i}].isDefault must be true or false`, 'pixels');
    return {
      x: coordinate(p.x, `pixels[${i}].x`),
      y: coordinate(p.y, `pixels[${i}].y`),
      color: isDefault ? '' : str(p.color, `pixels[${i}].color`, 7, { required: true }),
      isDefault,
    };
  });
}

export function paymentRoutes(router: Router, deps: BffDeps): void {
  const { peers } = deps;
  const auth = requireAuth(deps);

  router.get('/api/config/stripe', async (ctx) => {
    const cfg = await peers.payment.getPaymentConfig({});
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      success: true,
      data: { publishableKey: cfg.publishableKey, provider: cfg.provider, testMode: cfg.testMode },
    };
  });

  router.post('/api/payments/create-payment-intent', auth, async (ctx) => {
    const { userId } = authOf(ctx);
    const body = bodyOf(ctx);
    const metadata =
      body.metadata === undefined || body.metadata === null ? {} : obj(body.metadata, 'metadata');
    if (body.amount === undefined) throw new HttpError('MISSING_FIELD', 'amount is required', 'amount');
    const amount = int(body.amount, 'amount', 1, 100_000_000);
    const currency = str(body.currency, 'currency', 10) || 'usd';
    const canvasIndex = intLike(body.canvasIndex ?? metadata.canvasId, 'canvasIndex', 0, 0x7fffffff);
    const boardIndex = intLike(body.boardIndex ?? metadata.artboardId, 'boardIndex', 0, TOTAL_BOARDS - 1);
    const pixels = pixelList(body.pixels);
    const billing =
      body.billingAddress === undefined || body.billingAddress === null
        ? undefined
        : address(body.billingAddress);
    const key = ctx.get('idempotency-key');
    if (key.length > 100 || /[^\w.:-]/.test(key))
      throw new HttpError(
        'VALIDATION_ERROR',
        'Idempotency-Key must be at most 100 letters, digits, _ . : -',
        'Idempotency-Key',
      );
    const { intent } = await peers.payment.createPaymentIntent({
      userId,
      canvasIndex,
      boardIndex,
      pixels,
      claimedAmountCents: amount,
      currency,
      billingAddress: billing,
      description: str(body.description, 'description', 500),
      idempotencyKey: key,
    });
    if (!intent) throw new Error('payment service returned no intent');
    ctx.status = 201;
    ctx.body = {
      success: true,
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      amount: intent.amountCents,
      currency: intent.currency,
      status: intent.status,
      actualPaymentBreakdown: breakdownJson(intent.breakdown),
    };
  });

  router.patch('/api/payments/intent/:paymentIntentId/address', auth, async (ctx) => {
    const { userId } = authOf(ctx);
    const id = intentId(ctx.params.paymentIntentId);
    const body = bodyOf(ctx);
    if (body.billingAddress === undefined || body.billingAddress === null)
      throw new HttpError('invalid_billing_address', 'billingAddress is required', 'billingAddress');
    const { intent } = await peers.payment.updateIntentAddress({
      userId,
      intentId: id,
      billingAddress: address(body.billingAddress),
    });
    ctx.body = { ...intentStatusJson(intent), message: 'Billing address updated' };
  });

  router.get('/api/payments/payment-intents/:paymentIntentId/status', auth, async (ctx) => {
    const { userId } = authOf(ctx);
    const { intent } = await peers.payment.getPaymentIntent({
      userId,
      intentId: intentId(ctx.params.paymentIntentId),
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = intentStatusJson(intent);
  });

  router.post('/api/payments/sandbox/confirm', auth, async (ctx) => {
    const { userId } = authOf(ctx);
    const body = bodyOf(ctx);
    const res = await peers.payment.confirmSandboxPayment({
      userId,
      clientSecret: str(body.clientSecret, 'clientSecret', 200, { required: true }),
      cardNumber: str(body.cardNumber, 'cardNumber', 40, { required: true }),
      expMonth: int(body.expMonth, 'expMonth', 1, 12),
      expYear: int(body.expYear, 'expYear', 0, 9999),
      cvc: str(body.cvc, 'cvc', 4, { required: true }),
      postalCode: str(body.postalCode, 'postalCode', 20),
    });
    const intent = res.intent;
    ctx.body = {
      success: res.errorMessage === '',
      paymentIntent: intent ? { id: intent.id, status: intent.status, amount: intent.amountCents } : null,
      error: res.errorMessage === '' ? null : { code: res.errorCode, message: res.errorMessage },
    };
  });

  router.post('/api/payment-intents', auth, async (ctx) => {
    const { userId } = authOf(ctx);
    const body = bodyOf(ctx);
    await peers.payment.trackPaymentIntent({
      userId,
      intentId: intentId(body.stripe_payment_intent_id, 'stripe_payment_intent_id'),
      status: str(body.status, 'status', 40),
      amountCents: body.amount === undefined ? 0 : int(body.amount, 'amount', 0, 100_000_000),
      currency: str(body.currency, 'currency', 10),
    });
    ctx.status = 201;
    ctx.body = { success: true, message: 'Payment intent tracked' };
  });

  router.post('/api/pixel-purchases', auth, async (ctx) => {
    const { userId } = authOf(ctx);
    const body = bodyOf(ctx);
    onlyKeys(body, [
      'payment_intent_id',
      'canvas_index',
      'x_y_array',
      'price_cents',
      'purchase_status',
      'purchased_at',
      'tax_amount_cents',
    ]);
    const xy = arr(body.x_y_array, 'x_y_array', MAX_PIXELS).map((p, i) => {
      if (!Array.isArray(p) || p.length !== 2)
        throw new HttpError('VALIDATION_ERROR', `x_y_array[${i}] must be [x, y]`, 'x_y_array');
      return {
        x: coordinate(p[0], `x_y_array[${i}][0]`),
        y: coordinate(p[1], `x_y_array[${i}][1]`),
        color: '',
        isDefault: false,
      };
    });
    const priceCents =
      body.price_cents === undefined ? 0 : int(body.price_cents, 'price_cents', 0, 100_000_000);
    if (body.tax_amount_cents !== undefined) int(body.tax_amount_cents, 'tax_amount_cents', 0, 100_000_000);
    str(body.purchase_status, 'purchase_status', 40);
    str(body.purchased_at, 'purchased_at', 40);
    await peers.payment.recordPixelPurchase({
      userId,
      intentId: intentId(body.payment_intent_id, 'payment_intent_id'),
      canvasIndex: intLike(body.canvas_index, 'canvas_index', 0, 0x7fffffff),
      pixelCount: xy.length,
      priceCents,
      pixels: xy,
    });
    ctx.status = 201;
    ctx.body = { success: true, message: 'Pixel purchase recorded' };
  });

  // CSRF-exempt (middleware/csrf.ts): the provider signs the raw body instead
  router.post('/api/payments/webhook', async (ctx: Context) => {
    const signature = ctx.get('stripe-signature');
    if (signature === '' || signature.length > 2000)
      throw new HttpError('BAD_REQUEST', 'Missing or oversized Stripe-Signature header', 'stripe-signature');
    const raw = ctx.request.rawBody;
    if (!raw || raw.length === 0) throw new HttpError('BAD_REQUEST', 'The webhook has no body');
    const res = await peers.payment.handleProviderEvent({ payload: raw, signature });
    ctx.body = { received: true, handled: res.handled, type: res.eventType };
  });
}
