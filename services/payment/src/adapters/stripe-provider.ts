/**
 * The Stripe adapter of the provider port, on the official `stripe` SDK: PaymentIntents created and
 * changed with idempotency keys, Stripe Tax calculations for the billing address, refunds, and
 * webhooks verified on the raw body with the signing secret and a 300 s tolerance. `host`, `port`
 * and `protocol` point the SDK elsewhere (tests run it against a local server answering Stripe's
 * API shapes).
 */
import Stripe from 'stripe';
import { isIntentStatus } from '@tessera/facts/payments';
import { CURRENCY } from '@tessera/facts/pricing';
import type { BillingAddress } from '../domain/address.js';
import type { TaxQuote } from '../domain/order.js';
import {
  ProviderRequestError,
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderRefund,
} from './provider.js';
import { verifyWebhookEvent } from './webhook-event.js';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  timeoutMs?: number;
  /** Stripe Tax product tax code of a pixel (digital goods). */
  taxCode?: string;
}

function mapIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  // a status Stripe may add later is treated as still processing: never paid, never given up
  const status = isIntentStatus(pi.status) ? pi.status : 'processing';
  const charge = typeof pi.latest_charge === 'object' && pi.latest_charge ? pi.latest_charge : undefined;
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status,
    amountCents: pi.amount,
    amountReceivedCents: pi.amount_received ?? 0,
    refundedCents: charge?.amount_refunded ?? 0,
    currency: pi.currency,
    metadata: { ...(pi.metadata ?? {}) },
  };
}

/** Stripe's 4xx become ProviderRequestError (the caller's problem); anything else is rethrown. */
async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const e = err as { type?: string; statusCode?: number; message?: string; code?: string };
    if (
      e?.type &&
      typeof e.statusCode === 'number' &&
      e.statusCode >= 400 &&
      e.statusCode < 500 &&
      e.statusCode !== 429
    ) {
      throw new ProviderRequestError(
        e.message ?? 'The payment provider refused the request',
        e.code ?? e.type,
        e.statusCode,
      );
    }
    throw err;
  }
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly testMode: boolean;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    this.testMode = settings.secretKey.startsWith('sk_test_');
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: settings.timeoutMs ?? 20_000,
      telemetry: false,
      ...(settings.host ? { host: settings.host } : {}),
      ...(settings.port ? { port: settings.port } : {}),
      ...(settings.protocol ? { protocol: settings.protocol } : {}),
    });
  }

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    const pi = await call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          description: input.description,
          metadata: input.metadata,
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return mapIntent(pi);
  }

  async updateAmount(id: string, amountCents: number, idempotencyKey: string): Promise<ProviderIntent> {
    const pi = await call(() =>
      this.stripe.paymentIntents.update(id, { amount: amountCents }, { idempotencyKey }),
    );
    return mapIntent(pi);
  }

  async retrieve(id: string): Promise<ProviderIntent> {
    return mapIntent(
      await call(() => this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] })),
    );
  }

  async cancel(id: string): Promise<ProviderIntent> {
    return mapIntent(await call(() => this.stripe.paymentIntents.cancel(id)));
  }

  async refund(id: string, idempotencyKey: string): Promise<ProviderRefund> {
    const r = await call(() =>
      this.stripe.refunds.create({ payment_intent: id, reason: 'requested_by_customer' }, { idempotencyKey }),
    );
    return { id: r.id, amountCents: r.amount, status: r.status ?? 'pending' };
  }

  async calculateTax(address: BillingAddress, subtotalCents: number): Promise<TaxQuote> {
    const calc = await call(() =>
      this.stripe.tax.calculations.create({
        currency: CURRENCY,
        line_items: [
          {
            amount: subtotalCents,
            reference: 'pixels',
            tax_behavior: 'exclusive',
            ...(this.settings.taxCode ? { tax_code: this.settings.taxCode } : {}),
          },
        ],
        customer_details: {
          address: {
            line1: address.line1,
            ...(address.line2 ? { line2: address.line2 } : {}),
            city: address.city,
            state: address.state,
            postal_code: address.postalCode,
            country: 'US',
          },
          address_source: 'billing',
        },
      }),
    );
    const parts = calc.tax_breakdown ?? [];
    const pct = parts.reduce((sum, p) => sum + Number(p.tax_rate_details?.percentage_decimal ?? 0), 0);
    const rateBps = Number.isFinite(pct) ? Math.round(pct * 100) : 0;
    const state = parts.find((p) => p.tax_rate_details?.state)?.tax_rate_details?.state ?? address.state;
    return { amountCents: calc.tax_amount_exclusive, rateBps, jurisdiction: state };
  }

  verifyEvent(payload: Uint8Array, signature: string) {
    return verifyWebhookEvent(this.stripe.webhooks, payload, signature, this.settings.webhookSecret);
  }
}
