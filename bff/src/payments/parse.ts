/**
 * The payment routes' own values, read with the BFF's request readers (`../http/params.ts`): a
 * payment intent id and the spec's billing address. Wrong types and sizes are 400 with the field.
 */
import type { Message } from '@bufbuild/protobuf';
import type { BillingAddress } from '@tessera/proto/tessera/payment/v1/payment_pb.js';
import { isOrderId, ORDER_ID_MAX } from '@tessera/facts/ids';
import { HttpError } from '../middleware/errors.js';
import { readObject, readText } from '../http/params.js';

/** A payment intent id from the path or a body (facts' order id rule, which the payment service applies too). */
export function intentId(v: unknown, field = 'paymentIntentId'): string {
  const s = readText(v, field, { max: ORDER_ID_MAX, required: true, oneLine: true });
  if (!isOrderId(s)) throw new HttpError('VALIDATION_ERROR', `${field} is malformed`, field);
  return s;
}

/** The payment service's BillingAddress fields, read from the spec's body. */
export type AddressFields = Omit<BillingAddress, keyof Message>;

/** The spec's billing address (snake_case `postal_code`); the payment service applies the rules. */
export function address(v: unknown, field = 'billingAddress'): AddressFields {
  const a = readObject(v, field);
  const line = (value: unknown, name: string, max: number) =>
    readText(value, `${field}.${name}`, { max, oneLine: true });
  return {
    line1: line(a.line1, 'line1', 1000),
    line2: line(a.line2, 'line2', 1000),
    city: line(a.city, 'city', 1000),
    state: line(a.state, 'state', 100),
    postalCode: line(a.postal_code ?? a.postalCode, 'postal_code', 100),
    country: line(a.country, 'country', 100),
  };
}
