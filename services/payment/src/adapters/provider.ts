/**
 * The payment-provider port. Two adapters: Stripe (`stripe-provider.ts`, selected by STRIPE_SECRET_KEY,
 * STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET) and the sandbox (`sandbox-provider.ts`, the
 * embedded default) with the same intent lifecycle, events and test cards. Amounts in integer cents.
 */
import type { IntentStatus } from '@tessera/facts/payments';
import type { Currency } from '@tessera/facts/pricing';
import type { BillingAddress } from '../domain/address.js';
import type { TaxQuote } from '../domain/order.js';

export interface ProviderIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  /** Money actually received (0 until succeeded). */
  amountReceivedCents: number;
  /** Money refunded so far. */
  refundedCents: number;
  currency: string;
  metadata: Record<string, string>;
}

export interface CreateIntentInput {
  amountCents: number;
  currency: Currency;
  description: string;
  /** Ids only (order, user, canvas, board): never personal data or prices. */
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface ProviderRefund {
  id: string;
  amountCents: number;
  status: string;
}

/** A verified provider event: only its id, type and the intent it concerns are trusted. */
export interface ProviderEvent {
  id: string;
  type: string;
  intentId: string | null;
}

/** A webhook whose signature, body or timestamp does not verify (400). */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider refused a request (bad card, bad amount...): a 4xx for the caller. */
export class ProviderRequestError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ProviderRequestError';
  }
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  readonly publishableKey: string;
  readonly testMode: boolean;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** Changes the amount of an intent that is not paid yet. */
  updateAmount(id: string, amountCents: number, idempotencyKey: string): Promise<ProviderIntent>;
  retrieve(id: string): Promise<ProviderIntent>;
  cancel(id: string): Promise<ProviderIntent>;
  /** Refunds the whole amount received; the key makes a repeated refund a no-op. */
  refund(id: string, idempotencyKey: string): Promise<ProviderRefund>;
  /** Tax on `subtotalCents` of pixels for the billing address. */
  calculateTax(address: BillingAddress, subtotalCents: number): Promise<TaxQuote>;
  /** Verifies a webhook on its raw body (300 s tolerance); throws WebhookSignatureError. */
  verifyEvent(payload: Uint8Array, signature: string): ProviderEvent;
}

/** Webhook timestamps older (or newer) than this are refused. */
export const WEBHOOK_TOLERANCE_S = 300;
