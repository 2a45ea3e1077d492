/**
 * Payments (spec sections 3 and 7, bff/README.md "Payment API"): provider configuration, payment
 * intents (create, billing address, status), the sandbox's confirmation and 3-D Secure step, the
 * tracking records, and the save flow's purchase path (`batch-reset` / `batch-update` with
 * `purchaseInfo`). Amounts are integer cents unless a name says dollars.
 */
import { z } from 'zod';
import { ApiErrorBody } from './errors.js';

/** `GET /api/config/stripe`: no publishable key (or provider `sandbox`) means the sandbox. */
export const ProviderConfigAnswer = z.object({
  success: z.literal(true),
  data: z.object({ publishableKey: z.string(), provider: z.string(), testMode: z.boolean() }),
});
export type ProviderConfigAnswer = z.infer<typeof ProviderConfigAnswer>;

/** The spec's billing address (snake_case `postal_code`). */
export const BillingAddressBody = z.object({
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
});
export type BillingAddressBody = z.infer<typeof BillingAddressBody>;

/** A pixel of an order: `isDefault` is the featured artist's colour (then `color` is not read). */
export const OrderPixel = z.object({
  x: z.number().int(),
  y: z.number().int(),
  color: z.string(),
  isDefault: z.boolean(),
});
export type OrderPixel = z.infer<typeof OrderPixel>;

/** `POST /api/payments/create-payment-intent` (with an `Idempotency-Key` header). */
export const CreatePaymentIntentRequest = z.object({
  /** What the client computed, in cents; the payment service prices the order itself. */
  amount: z.number().int(),
  currency: z.string(),
  billingAddress: BillingAddressBody.nullable(),
  metadata: z.record(z.string(), z.union([z.string(), z.number()])),
  description: z.string(),
  canvasIndex: z.number().int(),
  boardIndex: z.number().int(),
  pixels: z.array(OrderPixel),
});
export type CreatePaymentIntentRequest = z.infer<typeof CreatePaymentIntentRequest>;

/**
 * `actualPaymentBreakdown`: the payment service's price of the order, in cents, plus dollar values
 * for display. `tax_rate` is a fraction (0.08), `tax_rate_bps` the same in basis points.
 */
export const PaymentBreakdown = z.object({
  artist_color_count: z.number().int(),
  custom_color_count: z.number().int(),
  artist_color_cents: z.number().int(),
  custom_color_cents: z.number().int(),
  subtotal_cents: z.number().int(),
  service_fee_percent: z.number(),
  service_fee_fixed_cents: z.number().int(),
  service_fee_cents: z.number().int(),
  tax_rate: z.number(),
  tax_rate_bps: z.number().int(),
  tax_amount_cents: z.number().int(),
  tax_jurisdiction: z.string(),
  total_cents: z.number().int(),
  subtotal: z.number(),
  service_fee: z.number(),
  tax_amount: z.number(),
  total: z.number(),
});
export type PaymentBreakdown = z.infer<typeof PaymentBreakdown>;

/** The breakdown as the web app reads it: cents, the rate and the jurisdiction. */
export type PaymentBreakdownAsRead = Pick<
  PaymentBreakdown,
  | 'subtotal_cents'
  | 'service_fee_cents'
  | 'tax_amount_cents'
  | 'tax_rate'
  | 'tax_jurisdiction'
  | 'total_cents'
>;

/** `POST /api/payments/create-payment-intent` 201. */
export const CreatedPaymentIntent = z.object({
  success: z.literal(true),
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  actualPaymentBreakdown: PaymentBreakdown,
});
export type CreatedPaymentIntent = z.infer<typeof CreatedPaymentIntent>;

/** The order's state as a status answer says it. */
export const OrderStateName = z.enum(['pending', 'committed', 'refunded', 'canceled']);
export type OrderStateName = z.infer<typeof OrderStateName>;

/** `GET /api/payments/payment-intents/{id}/status`. */
export const PaymentIntentStatus = z.object({
  success: z.literal(true),
  paymentIntentId: z.string(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  orderState: OrderStateName,
  refundedAmount: z.number().int(),
  actualPaymentBreakdown: PaymentBreakdown,
});
export type PaymentIntentStatus = z.infer<typeof PaymentIntentStatus>;

/** `PATCH /api/payments/intent/{id}/address {billingAddress}`: the status with the address's tax. */
export const AddressUpdateRequest = z.object({ billingAddress: BillingAddressBody });
export type AddressUpdateRequest = z.infer<typeof AddressUpdateRequest>;

export const AddressUpdated = PaymentIntentStatus.extend({ message: z.string() });
export type AddressUpdated = z.infer<typeof AddressUpdated>;

/** `POST /api/payments/sandbox/confirm` (sandbox provider only): a test card. */
export const SandboxConfirmRequest = z.object({
  clientSecret: z.string(),
  cardNumber: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvc: z.string(),
  postalCode: z.string(),
});
export type SandboxConfirmRequest = z.infer<typeof SandboxConfirmRequest>;

/** `POST /api/payments/sandbox/authenticate`: the 3-D Secure step, passed (default) or failed. */
export const SandboxAuthenticateRequest = z.object({
  clientSecret: z.string(),
  approve: z.boolean().optional(),
});
export type SandboxAuthenticateRequest = z.infer<typeof SandboxAuthenticateRequest>;

/** The sandbox's answer to both: a decline is `success: false` with the provider's `error`. */
export const SandboxAnswer = z.object({
  success: z.boolean(),
  paymentIntent: z.object({ id: z.string(), status: z.string(), amount: z.number().int() }).nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type SandboxAnswer = z.infer<typeof SandboxAnswer>;

/** `POST /api/payment-intents`: the client's tracking record of an intent (spec section 3). */
export const IntentTrackingRecord = z.object({
  stripe_payment_intent_id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.literal('created'),
  client_secret: z.string(),
  tax_amount_cents: z.number().int(),
  tax_rate: z.number(),
  tax_jurisdiction: z.string(),
  billing_address_line1: z.string(),
  billing_address_line2: z.string().nullable(),
  billing_address_city: z.string(),
  billing_address_state: z.string(),
  billing_address_postal_code: z.string(),
  billing_address_country: z.string(),
  metadata: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type IntentTrackingRecord = z.infer<typeof IntentTrackingRecord>;

/** `POST /api/pixel-purchases`: the client's record of the pixels bought (spec section 3). */
export const PixelPurchaseRecord = z.object({
  payment_intent_id: z.string(),
  canvas_index: z.number().int(),
  x_y_array: z.array(z.tuple([z.number().int(), z.number().int()])),
  price_cents: z.number().int(),
  purchase_status: z.literal('completed'),
  purchased_at: z.string(),
  tax_amount_cents: z.number().int().optional(),
});
export type PixelPurchaseRecord = z.infer<typeof PixelPurchaseRecord>;

/** The answer to either record: `{success, message}`. */
export const RecordSaved = z.object({ success: z.literal(true), message: z.string() });
export type RecordSaved = z.infer<typeof RecordSaved>;

/** `purchaseInfo` of a batch: `purchase_type` `default` on batch-reset, `custom` on batch-update. */
export const PurchaseInfo = z.object({
  payment_intent_id: z.string(),
  purchase_timestamp: z.string(),
  purchase_type: z.enum(['default', 'custom']),
});
export type PurchaseInfo = z.infer<typeof PurchaseInfo>;

/** `POST /api/pixels/canvas/{c}/board/{b}/batch-reset`: artist-colour pixels of a paid order. */
export const BatchResetRequest = z.object({
  pixels: z.array(z.object({ x: z.number().int(), y: z.number().int() })),
  purchaseInfo: PurchaseInfo,
});
export type BatchResetRequest = z.infer<typeof BatchResetRequest>;

/** `POST /api/pixels/canvas/{c}/board/{b}/batch-update`: custom-colour pixels of a paid order. */
export const BatchUpdateRequest = z.object({
  pixels: z.array(z.object({ x: z.number().int(), y: z.number().int(), color: z.string() })),
  purchaseInfo: PurchaseInfo,
});
export type BatchUpdateRequest = z.infer<typeof BatchUpdateRequest>;

/** A batch's answer: the pixels saved and their price at the gallery's prices. */
export const BatchSaved = z.object({
  success: z.literal(true),
  message: z.string(),
  count: z.number().int(),
  /** The order was granted by an earlier batch of the same order. */
  alreadyCommitted: z.boolean(),
  data: z.object({
    calculatedPrice: z.object({ totalDollars: z.number(), defaultColorCount: z.number().int() }),
  }),
});
export type BatchSaved = z.infer<typeof BatchSaved>;

/** A batch refused because the order could not be granted: its payment was refunded. */
export const OrderRefunded = ApiErrorBody.extend({
  paymentIntentId: z.string(),
  orderState: OrderStateName,
  refundedAmount: z.number().int(),
  refundReason: z.string(),
});
export type OrderRefunded = z.infer<typeof OrderRefunded>;
