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
import { HttpError } from '../middleware/errors.js';
import {
  bodyOf,
  onlyKeys,
  readCoordinate,
  readInt,
  readList,
  readObject,
  readPixels,
  readText,
  type TextRule,
  readOptional,
  isAbsent,
} from '../http/params.js';
import { breakdownJson, intentStatusJson } from '../payments/json.js';
import { address, intentId } from '../payments/parse.js';
import { MAX_CANVAS_INDEX, TOTAL_BOARDS } from '@tessera/facts/grid';
import { MAX_PIXELS_PER_ORDER } from '@tessera/facts/pricing';
import { noStore } from '../http/no-store.js';
import { RateLimiter, type RateRule } from '../middleware/rate-limit.js';
import { INTENT_LIMITS } from '@tessera/facts/payments';
import { hasAppCode } from '@tessera/kit';
import type { PaymentIntent } from '@tessera/proto/tessera/payment/v1/payment_pb.js';
import type {
  AddressUpdated,
  AddressUpdateRequest,
  CreatedPaymentIntent,
  CreatePaymentIntentRequest,
  IntentTrackingRecord,
  PaymentIntentStatus,
  ProviderConfigAnswer,
  RecordSaved,
  SandboxAnswer,
  SandboxAuthenticateRequest,
  SandboxConfirmRequest,
} from '@tessera/api/payments';
import { PixelPurchaseRecord } from '@tessera/api/payments';
import type { Unchecked } from '@tessera/api/request';

/** create-payment-intent calls per user (facts' INTENT_LIMITS; AUTH_RATE_LIMIT_SCALE multiplies it). */
export const INTENT_RATE_RULE: RateRule = {
  name: 'payment-intent:user',
  limit: INTENT_LIMITS.newPerWindow,
  windowMs: INTENT_LIMITS.windowMs,
};

const MAX_CENTS = 100_000_000;

/** A one-line text field of the payment bodies (ids, codes, statuses, times). */
const line = (value: unknown, field: string, max: number, rule: Omit<TextRule, 'max'> = {}) =>
  readText(value, field, { max, oneLine: true, ...rule });

export function paymentRoutes(router: Router, deps: BffDeps): void {
  const { peers } = deps;
  const auth = requireAuth(deps);
  const intentLimiter = new RateLimiter(deps.kv, deps.logger, deps.config.auth.rateLimitScale);

  router.get('/api/config/stripe', async (ctx) => {
    const cfg = await peers.payment.getPaymentConfig({});
    noStore(ctx);
    ctx.body = {
      success: true,
      data: { publishableKey: cfg.publishableKey, provider: cfg.provider, testMode: cfg.testMode },
    } satisfies ProviderConfigAnswer;
  });

  router.post('/api/payments/create-payment-intent', auth, async (ctx) => {
    const { userId } = authOf(ctx);
    const body: Unchecked<CreatePaymentIntentRequest> = bodyOf(ctx);
    const metadata: Record<string, unknown> = readOptional(
      body.metadata,
      (v) => readObject(v, 'metadata'),
      {},
    );
    if (body.amount === undefined) throw new HttpError('MISSING_FIELD', 'amount is required', 'amount');
    const amount = readInt(body.amount, 'amount', { min: 1, max: MAX_CENTS });
    // passed as sent: the payment service takes none as its one currency and refuses another
    const currency = line(body.currency, 'currency', 10);
    // metadata values are strings: the indexes may come as decimal digits
    const canvasIndex = readInt(body.canvasIndex ?? metadata.canvasId, 'canvasIndex', {
      min: 0,
      max: MAX_CANVAS_INDEX,
      digits: true,
    });
    const boardIndex = readInt(body.boardIndex ?? metadata.artboardId, 'boardIndex', {
      min: 0,
      max: TOTAL_BOARDS - 1,
      digits: true,
    });
    const pixels = readPixels(bodyOf(ctx), { color: 'either' });
    const billing = readOptional(body.billingAddress, address, undefined);
    const key = ctx.get('idempotency-key');
    if (key.length > 100 || /[^\w.:-]/.test(key))
      throw new HttpError(
        'VALIDATION_ERROR',
        'Idempotency-Key must be at most 100 letters, digits, _ . : -',
        'Idempotency-Key',
      );
    // every well-formed call counts, refused ones too (facts' INTENT_LIMITS): 429 with Retry-After
    await intentLimiter.enforce(ctx, INTENT_RATE_RULE, userId);
    const { intent } = await peers.payment
      .createPaymentIntent({
        userId,
        canvasIndex,
        boardIndex,
        pixels,
        claimedAmountCents: amount,
        currency,
        billingAddress: billing,
        description: line(body.description, 'description', 500),
        idempotencyKey: key,
      })
      .catch((err: unknown) => {
        // too many unpaid orders open: try again once one is paid, closed or has run out
        if (hasAppCode(err, 'TOO_MANY_REQUESTS'))
          ctx.set('Retry-After', String(INTENT_LIMITS.openRetryAfterS));
        throw err;
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
    } satisfies CreatedPaymentIntent;
  });

  router.patch('/api/payments/intent/:paymentIntentId/address', auth, async (ctx) => {
    const { userId } = authOf(ctx);
    const id = intentId(ctx.params.paymentIntentId);
    const body: Unchecked<AddressUpdateRequest> = bodyOf(ctx);
    if (isAbsent(body.billingAddress))
      throw new HttpError('invalid_billing_address', 'billingAddress is required', 'billingAddress');
    const { intent } = await peers.payment.updateIntentAddress({
      userId,
      intentId: id,
      billingAddress: address(body.billingAddress),
    });
    ctx.body = { ...intentStatusJson(intent), message: 'Billing address updated' } satisfies AddressUpdated;
  });

  router.get('/api/payments/payment-intents/:paymentIntentId/status', auth, async (ctx) => {
    const { userId } = authOf(ctx);
    const { intent } = await peers.payment.getPaymentIntent({
      userId,
      intentId: intentId(ctx.params.paymentIntentId),
    });
    noStore(ctx);
    ctx.body = intentStatusJson(intent) satisfies PaymentIntentStatus;
  });

  router.post('/api/payments/sandbox/confirm', auth, async (ctx) => {
    const { userId } = authOf(ctx);
    const body: Unchecked<SandboxConfirmRequest> = bodyOf(ctx);
    const res = await peers.payment.confirmSandboxPayment({
      userId,
      clientSecret: line(body.clientSecret, 'clientSecret', 200, { required: true }),
      cardNumber: line(body.cardNumber, 'cardNumber', 40, { required: true }),
      expMonth: readInt(body.expMonth, 'expMonth', { min: 1, max: 12 }),
      expYear: readInt(body.expYear, 'expYear', { min: 0, max: 9999 }),
      cvc: line(body.cvc, 'cvc', 4, { required: true }),
      postalCode: line(body.postalCode, 'postalCode', 20),
    });
    ctx.body = sandboxAnswer(res);
  });

  // The sandbox's 3-D Secure step: the buyer completes (approve true) or fails the authentication.
  router.post('/api/payments/sandbox/authenticate', auth, async (ctx) => {
    const { userId } = authOf(ctx);
    const body: Unchecked<SandboxAuthenticateRequest> = bodyOf(ctx);
    if (body.approve !== undefined && typeof body.approve !== 'boolean')
      throw new HttpError('VALIDATION_ERROR', 'approve must be true or false', 'approve');
    const res = await peers.payment.authenticateSandboxPayment({
      userId,
      clientSecret: line(body.clientSecret, 'clientSecret', 200, { required: true }),
      approve: body.approve !== false,
    });
    ctx.body = sandboxAnswer(res);
  });

  router.post('/api/payment-intents', auth, async (ctx) => {
    const { userId } = authOf(ctx);
    const body: Unchecked<IntentTrackingRecord> = bodyOf(ctx);
    await peers.payment.trackPaymentIntent({
      userId,
      intentId: intentId(body.stripe_payment_intent_id, 'stripe_payment_intent_id'),
      status: line(body.status, 'status', 40),
      amountCents: body.amount === undefined ? 0 : readInt(body.amount, 'amount', { min: 0, max: MAX_CENTS }),
      currency: line(body.currency, 'currency', 10),
    });
    ctx.status = 201;
    ctx.body = { success: true, message: 'Payment intent tracked' } satisfies RecordSaved;
  });

  router.post('/api/pixel-purchases', auth, async (ctx) => {
    const { userId } = authOf(ctx);
    const body: Unchecked<PixelPurchaseRecord> = bodyOf(ctx);
    onlyKeys(bodyOf(ctx), Object.keys(PixelPurchaseRecord.shape));
    const xy = readList(body.x_y_array, 'x_y_array', MAX_PIXELS_PER_ORDER).map((p, i) => {
      if (!Array.isArray(p) || p.length !== 2)
        throw new HttpError('VALIDATION_ERROR', `x_y_array[${i}] must be [x, y]`, 'x_y_array');
      return {
        x: readCoordinate(p[0], `x_y_array[${i}][0]`),
        y: readCoordinate(p[1], `x_y_array[${i}][1]`),
        color: '',
        isDefault: false,
      };
    });
    const priceCents =
      body.price_cents === undefined
        ? 0
        : readInt(body.price_cents, 'price_cents', { min: 0, max: MAX_CENTS });
    if (body.tax_amount_cents !== undefined)
      readInt(body.tax_amount_cents, 'tax_amount_cents', { min: 0, max: MAX_CENTS });
    line(body.purchase_status, 'purchase_status', 40);
    line(body.purchased_at, 'purchased_at', 40);
    await peers.payment.recordPixelPurchase({
      userId,
      intentId: intentId(body.payment_intent_id, 'payment_intent_id'),
      canvasIndex: readInt(body.canvas_index, 'canvas_index', {
        min: 0,
        max: MAX_CANVAS_INDEX,
        digits: true,
      }),
      pixelCount: xy.length,
      priceCents,
      pixels: xy,
    });
    ctx.status = 201;
    ctx.body = { success: true, message: 'Pixel purchase recorded' } satisfies RecordSaved;
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

/** The sandbox's answer to a confirmation or an authentication, in the modal's shape. */
function sandboxAnswer(res: {
  intent?: PaymentIntent;
  errorMessage: string;
  errorCode: string;
}): SandboxAnswer {
  const intent = res.intent;
  return {
    success: res.errorMessage === '',
    paymentIntent: intent ? { id: intent.id, status: intent.status, amount: intent.amountCents } : null,
    error: res.errorMessage === '' ? null : { code: res.errorCode, message: res.errorMessage },
  };
}
