/**
 * The signed-in user's own account (issue 24; not in the spec, documented in the BFF README): the
 * account page (`GET /account`, `PUT /account/pixel-privacy`) and My pixels (`GET /account/orders`).
 * The e-mail only ever goes to its own user.
 */
import { z } from 'zod';
import { Pagination } from './pagination.js';

export { Pagination } from './pagination.js';

export const Account = z.object({
  /** null until chosen (OpenID Connect sign-ups). */
  username: z.string().nullable(),
  email: z.string(),
  /** Pixel info names the user on the pixels they bought (else "anonymous"). Default: true. */
  show_username_on_pixels: z.boolean(),
});
export type Account = z.infer<typeof Account>;

/** `GET /account` and `PUT /account/pixel-privacy`. */
export const AccountResponse = z.object({ success: z.literal(true), data: Account });
export type AccountResponse = z.infer<typeof AccountResponse>;

/** `PUT /account/pixel-privacy`. */
export const PixelPrivacyRequest = Account.pick({ show_username_on_pixels: true });
export type PixelPrivacyRequest = z.infer<typeof PixelPrivacyRequest>;

/** One pixel of an order. */
export const OrderPixel = z.object({
  x: z.number().int().nonnegative(),
  y: z.number().int().nonnegative(),
  /** '#RRGGBB'. */
  color: z.string(),
  /** Bought in the artist's colour. */
  isDefault: z.boolean(),
});
export type OrderPixel = z.infer<typeof OrderPixel>;

/** A paid order's status (`@tessera/facts/purchases` ORDER_STATUSES: the BFF's builder checks they agree). */
export const AccountOrderStatus = z.enum(['paid', 'refunded', 'partially_refunded']);
export type AccountOrderStatus = z.infer<typeof AccountOrderStatus>;

const cents = z.number().int().nonnegative();

/** A paid order as My pixels lists it (amounts in integer cents, dates ISO 8601). */
export const AccountOrder = z.object({
  id: z.string().min(1),
  canvasIndex: z.number().int().nonnegative(),
  boardIndex: z.number().int().nonnegative(),
  pixelCount: z.number().int().nonnegative(),
  pixels: z.array(OrderPixel),
  subtotalCents: cents,
  serviceFeeCents: cents,
  taxCents: cents,
  totalCents: cents,
  currency: z.string(),
  createdAt: z.iso.datetime(),
  /** null for an order refunded before its pixels were granted. */
  paidAt: z.iso.datetime().nullable(),
  status: AccountOrderStatus,
  refundedCents: cents,
  /** The stored reason code ('' when not refunded); facts' `refundReasonText` says it in words. */
  refundReason: z.string(),
});
export type AccountOrder = z.infer<typeof AccountOrder>;

/** `GET /account/orders?page=&limit=`: the caller's paid orders, newest first. */
export const AccountOrdersResponse = z.object({
  success: z.literal(true),
  data: z.array(AccountOrder),
  pagination: Pagination,
});
export type AccountOrdersResponse = z.infer<typeof AccountOrdersResponse>;
