/**
 * The sandbox provider (the embedded default): Stripe's PaymentIntent lifecycle without Stripe.
 * Intents live in the payment service's document store (they survive a restart, like an external
 * provider's), cards are the test cards of `domain/cards.ts`, and every change emits a Stripe-shaped
 * event signed with Stripe's webhook scheme, handed to the registered listener (the service's
 * webhook handler) as an external provider would POST it. Shown as "test mode" in the modal.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { AWAITING_PAYMENT, type IntentStatus } from '@tessera/facts/payments';
import { followUpSpan, insertOrGet, type Collection, type DocumentStore, type IndexSpec } from '@tessera/kit';
import type { BillingAddress } from '../domain/address.js';
import { cardOutcome, type CardInput } from '../domain/cards.js';
import type { TaxQuote } from '../domain/order.js';
import { sandboxTax } from '../domain/sandbox-tax.js';
import {
  ProviderRequestError,
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderRefund,
} from './provider.js';
import { verifyWebhookEvent } from './webhook-event.js';

interface SandboxIntent extends ProviderIntent {
  _id: string;
  idempotencyKey: string;
  description: string;
  lastError: string;
  createdAt: number;
}

interface SandboxRefund {
  _id: string;
  refundId: string;
  intentId: string;
  amountCents: number;
}

export type EventListener = (payload: Uint8Array, signature: string) => Promise<void> | void;

export interface ConfirmResult {
  intent: ProviderIntent;
  error?: { code: string; declineCode?: string; message: string };
}

/** The sandbox intents' indexes (also read by loadtests/docstore-memory.bench.mjs). */
export const SANDBOX_INTENT_INDEXES: readonly IndexSpec[] = [
  { fields: { idempotencyKey: 1 }, unique: true },
  { fields: { clientSecret: 1 }, unique: true },
];

const webhooks = Stripe.webhooks;

const changedWhileConfirming = () =>
  new ProviderRequestError(
    'This PaymentIntent changed while confirming it',
    'payment_intent_unexpected_state',
    400,
  );

const toIntent = (d: SandboxIntent): ProviderIntent => ({
  id: d._id,
  clientSecret: d.clientSecret,
  status: d.status,
  amountCents: d.amountCents,
  amountReceivedCents: d.amountReceivedCents,
  refundedCents: d.refundedCents,
  currency: d.currency,
  metadata: d.metadata,
});

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly testMode = true;
  readonly publishableKey = 'pk_test_tessera_sandbox';
  private listeners: EventListener[] = [];

  private constructor(
    private readonly intents: Collection<SandboxIntent>,
    private readonly refunds: Collection<SandboxRefund>,
    private readonly opts: { now: () => number; webhookSecret: string; onError: (err: unknown) => void },
  ) {}

  static async open(
    store: DocumentStore,
    opts: { now?: () => number; webhookSecret?: string; onError?: (err: unknown) => void } = {},
  ): Promise<SandboxProvider> {
    const intents = await store.collection<SandboxIntent>('sandbox_intents', {
      indexes: [...SANDBOX_INTENT_INDEXES],
    });
    const refunds = await store.collection<SandboxRefund>('sandbox_refunds');
    return new SandboxProvider(intents, refunds, {
      now: opts.now ?? Date.now,
      webhookSecret: opts.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`,
      onError: opts.onError ?? (() => undefined),
    });
  }

  /** Where events go (the service's webhook handler). */
  onEvent(listener: EventListener): void {
    this.listeners.push(listener);
  }

  get webhookSecret(): string {
    return this.opts.webhookSecret;
  }

  /** Idempotent by key: the unique index on `idempotencyKey` answers a repeat with the first intent. */
  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    const id = `pi_sbx_${randomUUID().replaceAll('-', '')}`;
    const doc: SandboxIntent = {
      _id: id,
      id,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      status: 'requires_payment_method',
      amountCents: input.amountCents,
      amountReceivedCents: 0,
      refundedCents: 0,
      currency: input.currency,
      metadata: { ...input.metadata },
      idempotencyKey: input.idempotencyKey,
      description: input.description,
      lastError: '',
      createdAt: this.opts.now(),
    };
    // another create with the same idempotency key was first: its intent is the answer
    return toIntent((await insertOrGet(this.intents, doc, { idempotencyKey: input.idempotencyKey })).doc);
  }

  private async get(id: string): Promise<SandboxIntent> {
    const doc = await this.intents.findOne({ _id: id });
    if (!doc) throw new ProviderRequestError(`No such payment_intent: '${id}'`, 'resource_missing', 404);
    return doc;
  }

  async updateAmount(id: string, amountCents: number): Promise<ProviderIntent> {
    const res = await this.intents.findOneAndUpdate(
      { _id: id, status: { $in: [...AWAITING_PAYMENT] } },
      { $set: { amountCents } },
    );
    if (!res) {
      await this.get(id);
      throw new ProviderRequestError(
        'This PaymentIntent can no longer be updated',
        'payment_intent_unexpected_state',
        400,
      );
    }
    return toIntent(res);
  }

  async retrieve(id: string): Promise<ProviderIntent> {
    return toIntent(await this.get(id));
  }

  async cancel(id: string): Promise<ProviderIntent> {
    const res = await this.intents.findOneAndUpdate(
      { _id: id, status: { $in: [...AWAITING_PAYMENT] } },
      { $set: { status: 'canceled' } },
    );
    const doc = res ?? (await this.get(id));
    if (res) this.emit('payment_intent.canceled', doc);
    return toIntent(doc);
  }

  /** The card form of the modal in test mode (what Stripe.js's confirmCardPayment does with Stripe). */
  async confirm(clientSecret: string, card: CardInput): Promise<ConfirmResult> {
    const doc = await this.intents.findOne({ clientSecret });
    if (!doc) throw new ProviderRequestError('No such payment_intent', 'resource_missing', 404);
    if (doc.status === 'succeeded' || doc.status === 'canceled')
      throw new ProviderRequestError(
        `This PaymentIntent's status is ${doc.status}; it cannot be confirmed.`,
        'payment_intent_unexpected_state',
        400,
      );
    const outcome = cardOutcome(card, this.opts.now());
    if (!outcome.ok) {
      const failed = await this.intents.findOneAndUpdate(
        { _id: doc._id, status: doc.status },
        { $set: { status: 'requires_payment_method', lastError: outcome.message } },
      );
      if (failed) this.emit('payment_intent.payment_failed', failed);
      return {
        intent: toIntent(failed ?? (await this.get(doc._id))),
        error: { code: outcome.code, declineCode: outcome.declineCode, message: outcome.message },
      };
    }
    if (outcome.requiresAction) {
      // 3-D Secure: nothing is charged until the buyer completes the authentication (authenticate)
      const waiting = await this.intents.findOneAndUpdate(
        { _id: doc._id, status: { $in: [...AWAITING_PAYMENT] } },
        { $set: { status: 'requires_action', lastError: '' } },
      );
      if (!waiting) throw changedWhileConfirming();
      this.emit('payment_intent.requires_action', waiting);
      return { intent: toIntent(waiting) };
    }
    return { intent: await this.charge(doc._id, doc.amountCents) };
  }

  /**
   * The buyer's answer to the authentication a confirmation asked for (Stripe's 3-D Secure page in
   * test mode: "Complete" or "Fail"). Completing it charges the card with nothing re-checked, as
   * with Stripe, whose client-side confirmation never asks the product again; failing it leaves the
   * intent `requires_payment_method` with Stripe's authentication failure.
   */
  async authenticate(clientSecret: string, approve: boolean): Promise<ConfirmResult> {
    const doc = await this.intents.findOne({ clientSecret });
    if (!doc) throw new ProviderRequestError('No such payment_intent', 'resource_missing', 404);
    if (doc.status !== 'requires_action')
      throw new ProviderRequestError(
        `This PaymentIntent's status is ${doc.status}; it has no authentication to complete.`,
        'payment_intent_unexpected_state',
        400,
      );
    if (approve) return { intent: await this.charge(doc._id, doc.amountCents, 'requires_action') };
    const message =
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
    const failed = await this.intents.findOneAndUpdate(
      { _id: doc._id, status: 'requires_action' },
      { $set: { status: 'requires_payment_method', lastError: message } },
    );
    if (!failed) throw changedWhileConfirming();
    this.emit('payment_intent.payment_failed', failed);
    return { intent: toIntent(failed), error: { code: 'payment_intent_authentication_failure', message } };
  }

  /** Takes the money of an intent awaiting payment (or in `from`): succeeded, and the event sent. */
  private async charge(id: string, amountCents: number, from?: IntentStatus): Promise<ProviderIntent> {
    const paid = await this.intents.findOneAndUpdate(
      { _id: id, status: from ?? { $in: [...AWAITING_PAYMENT] } },
      { $set: { status: 'succeeded', lastError: '', amountReceivedCents: amountCents } },
    );
    if (!paid) throw changedWhileConfirming();
    this.emit('payment_intent.succeeded', paid);
    return toIntent(paid);
  }

  async refund(id: string, idempotencyKey: string): Promise<ProviderRefund> {
    const done = await this.refunds.findOne({ _id: idempotencyKey });
    if (done) return { id: done.refundId, amountCents: done.amountCents, status: 'succeeded' };
    const doc = await this.get(id);
    if (doc.status !== 'succeeded')
      throw new ProviderRequestError(
        'This PaymentIntent has no successful charge to refund',
        'charge_not_refundable',
        400,
      );
    const amount = doc.amountReceivedCents - doc.refundedCents;
    if (amount <= 0)
      throw new ProviderRequestError('This charge has already been refunded', 'charge_already_refunded', 400);
    const refund: SandboxRefund = {
      _id: idempotencyKey,
      refundId: `re_sbx_${randomUUID().replaceAll('-', '')}`,
      intentId: id,
      amountCents: amount,
    };
    const made = await insertOrGet(this.refunds, refund, { _id: idempotencyKey });
    if (!made.inserted) {
      // a refund with this idempotency key was made before: the same answer again
      return { id: made.doc.refundId, amountCents: made.doc.amountCents, status: 'succeeded' };
    }
    const after = await this.intents.findOneAndUpdate({ _id: id }, { $inc: { refundedCents: amount } });
    if (after)
      this.emit('charge.refunded', after, {
        object: 'charge',
        payment_intent: id,
        amount_refunded: after.refundedCents,
      });
    return { id: refund.refundId, amountCents: amount, status: 'succeeded' };
  }

  async calculateTax(address: BillingAddress, subtotalCents: number): Promise<TaxQuote> {
    try {
      return sandboxTax(address.state, subtotalCents);
    } catch (err) {
      throw new ProviderRequestError(
        err instanceof Error ? err.message : 'tax failed',
        'tax_calculation_failed',
        400,
      );
    }
  }

  verifyEvent(payload: Uint8Array, signature: string) {
    // The age is measured on the sandbox clock.
    return verifyWebhookEvent(webhooks, payload, signature, this.opts.webhookSecret, this.opts.now());
  }

  /** Signs an event the way Stripe does (also used by tests to build webhooks). */
  sign(payload: string, timestampS = Math.floor(this.opts.now() / 1000)): string {
    return webhooks.generateTestHeaderString({
      payload,
      secret: this.opts.webhookSecret,
      timestamp: timestampS,
    });
  }

  private emit(type: string, doc: SandboxIntent, object?: Record<string, unknown>): void {
    const event = {
      id: `evt_sbx_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type,
      created: Math.floor(this.opts.now() / 1000),
      data: {
        object: object ?? {
          id: doc._id,
          object: 'payment_intent',
          status: doc.status,
          amount: doc.amountCents,
        },
      },
    };
    const payload = JSON.stringify(event);
    const signature = this.sign(payload);
    const bytes = new TextEncoder().encode(payload);
    for (const listener of this.listeners) {
      // Stripe POSTs a webhook as a separate request once the call that caused it has answered; the
      // sandbox delivers on the next turn of the event loop. The delivery continues that call's
      // context: its span `webhook <type>` starts now, while the caller's span (ConfirmSandboxPayment,
      // a refund) is still open, and what the handler does (CommitOrder, the publish) nests under it.
      const delivery = followUpSpan(`webhook ${type}`, {
        'tessera.webhook.event_type': type,
        'tessera.webhook.event_id': event.id,
      });
      setImmediate(() => {
        delivery(() => listener(bytes, signature)).catch((err: unknown) => this.opts.onError(err));
      });
    }
  }
}
