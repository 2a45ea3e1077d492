/**
 * The payment core: checkout (checkout.ts: orders priced on the server, payment intents with the
 * provider, billing address and tax), the sandbox's card confirmation, the buyer's save (fulfilment),
 * provider events, the client's tracking records and the ledger. An intent belongs to its creator: every call naming
 * one checks the caller (403 otherwise).
 */
import { create } from '@bufbuild/protobuf';
import { isOrderId } from '@tessera/facts/ids';
import { appError } from '@tessera/kit';
import {
  GetLedgerResponseSchema,
  type CommitOrderRequest,
  type CommitOrderResponse,
  type AuthenticateSandboxPaymentRequest,
  type ConfirmSandboxPaymentRequest,
  type ConfirmSandboxPaymentResponse,
  type GetLedgerResponse,
  type GetPaymentConfigResponse,
  type ListOrdersForUserRequest,
  type ListOrdersForUserResponse,
  type PaymentIntent,
} from '@tessera/proto/tessera/payment/v1/payment_pb.js';
import { ProviderRequestError, WebhookSignatureError } from '../adapters/provider.js';
import type { ConfirmResult } from '../adapters/sandbox-provider.js';
import type { Order } from '../domain/order.js';
import { isAwaitingPayment, orderRefundedMessage } from '@tessera/facts/payments';
import { saveProblem } from '../domain/save.js';
import { Checkout } from './checkout.js';
import type { PaymentDeps } from './deps.js';
import { Fulfilment, type FulfilResult } from './fulfilment.js';
import { InFlight } from './in-flight.js';
import { intentMessage } from './mappers.js';
import { recordDeclined } from './metrics.js';
import { Records } from './records.js';
import { LOCK_LOST } from './order-checks.js';
import { listOrdersForUser } from './buyer-orders.js';
import { checkId, checkUser } from './validate.js';

export class PaymentService {
  /** Orders and their intents: createIntent, updateAddress. */
  readonly checkout: Checkout;
  readonly fulfilment: Fulfilment;
  /** The client's tracking records (`POST /payment-intents`, `/pixel-purchases`). */
  readonly records: Records;
  /** Fulfilments under way in this process, by order (see `fulfil`). */
  readonly #fulfilling: InFlight<FulfilResult>;

  constructor(readonly deps: PaymentDeps) {
    this.checkout = new Checkout(deps, (userId, intentId) => this.ownOrder(userId, intentId));
    this.fulfilment = new Fulfilment(deps);
    this.#fulfilling = new InFlight(() => this.deps.now());
    this.records = new Records(deps, (userId, intentId) => this.ownOrder(userId, intentId));
  }

  /** A page of the caller's own paid orders, newest first (My pixels). */
  ordersOf(
    req: Pick<ListOrdersForUserRequest, 'userId' | 'page' | 'limit'>,
  ): Promise<ListOrdersForUserResponse> {
    return listOrdersForUser(this.deps, req);
  }

  private now(): number {
    return this.deps.now();
  }

  config(): Pick<GetPaymentConfigResponse, 'publishableKey' | 'provider' | 'testMode'> {
    const p = this.deps.provider;
    return { publishableKey: p.publishableKey, provider: p.name, testMode: p.testMode };
  }

  /** The caller's order (404 unknown, 403 someone else's). */
  async ownOrder(userId: string, intentId: string): Promise<Order> {
    checkUser(userId);
    checkId(intentId, 'payment_intent_id');
    const order = await this.deps.repo.get(intentId);
    if (!order)
      throw appError('payment_intent_not_found', 'Payment intent not found', { field: 'payment_intent_id' });
    return this.mine(userId, order);
  }

  /** `order` when it is the caller's (403 otherwise). */
  private mine(userId: string, order: Order): Order {
    if (order.userId !== userId)
      throw appError('unauthorized_payment_intent_access', 'This payment intent belongs to another account', {
        field: 'payment_intent_id',
      });
    return order;
  }

  async getIntent(userId: string, intentId: string): Promise<PaymentIntent> {
    const order = await this.ownOrder(userId, intentId);
    const intent = await this.deps.provider.retrieve(intentId);
    return intentMessage(order, intent.status);
  }

  /** The modal's card form in test mode: the sandbox confirms the intent with a test card. */
  async confirmSandbox(
    req: ConfirmSandboxPaymentRequest,
  ): Promise<Omit<ConfirmSandboxPaymentResponse, '$typeName'>> {
    const { sandbox, order } = await this.sandboxOrder(req);
    await this.checkBeforeCharge(order);
    return this.sandboxAnswer(order, () =>
      sandbox.confirm(req.clientSecret, {
        number: req.cardNumber,
        expMonth: req.expMonth,
        expYear: req.expYear,
        cvc: req.cvc,
      }),
    );
  }

  /**
   * The buyer completes (or fails) the authentication the 3-D Secure test card asked for. As with
   * Stripe, whose client-side confirmation never comes back here, nothing is checked before the
   * charge: a buyer who lost the board meanwhile is refunded by the commit.
   */
  async authenticateSandbox(
    req: AuthenticateSandboxPaymentRequest,
  ): Promise<Omit<ConfirmSandboxPaymentResponse, '$typeName'>> {
    const { sandbox, order } = await this.sandboxOrder(req);
    return this.sandboxAnswer(order, () => sandbox.authenticate(req.clientSecret, req.approve));
  }

  /** The sandbox and the caller's order named by a client secret (test mode only). */
  private async sandboxOrder(req: { userId: string; clientSecret: string }) {
    const sandbox = this.deps.sandbox;
    if (!sandbox) throw appError('FORBIDDEN', 'Test cards are accepted in test mode only');
    checkUser(req.userId);
    if (req.clientSecret === '' || req.clientSecret.length > 200)
      throw appError('VALIDATION_ERROR', 'Client secret not received from server.', {
        field: 'clientSecret',
      });
    // a client secret is `<intent id>_secret_<random>` (Stripe's shape, and the sandbox's)
    const id = req.clientSecret.split('_secret_')[0]!;
    const found = isOrderId(id) ? await this.deps.repo.get(id) : null;
    if (!found || found.clientSecret !== req.clientSecret)
      throw appError('payment_intent_not_found', 'Payment intent not found', { field: 'clientSecret' });
    return { sandbox, order: this.mine(req.userId, found) };
  }

  private async sandboxAnswer(
    order: Order,
    step: () => Promise<ConfirmResult>,
  ): Promise<Omit<ConfirmSandboxPaymentResponse, '$typeName'>> {
    try {
      const res = await step();
      if (res.error) recordDeclined();
      return {
        intent: intentMessage(order, res.intent.status, { pixels: false }),
        errorMessage: res.error?.message ?? '',
        errorCode: res.error ? (res.error.declineCode ?? res.error.code) : '',
      };
    } catch (err) {
      if (err instanceof ProviderRequestError)
        throw appError('invalid_payment_intent_state', err.message, { field: 'clientSecret' });
      throw err;
    }
  }

  /**
   * Before the card is charged: the buyer still holds the board's lock with the order's fencing
   * token (one ValidateLock call to the lock service). An order refused here takes no money: its
   * intent is canceled (its pixels released) and the buyer told. The board itself (pixels held or
   * sold meanwhile) is not asked: that is left to the commit, which refunds. Only an unpaid order is
   * checked (a repeated confirmation of a paid one is the provider's answer).
   */
  private async checkBeforeCharge(order: Order): Promise<void> {
    if (order.state !== 'pending') return;
    const held = await this.deps.locks.holds(
      order.canvasIndex,
      order.boardIndex,
      order.userId,
      order.fencingToken,
    );
    if (held) return;
    const status = (await this.deps.provider.retrieve(order._id)).status;
    if (isAwaitingPayment(status)) {
      await this.deps.provider.cancel(order._id);
      await this.fulfil(order._id, { waitMs: 0 });
    }
    throw appError('LOCK_CONFLICT', LOCK_LOST, { field: 'board_index' });
  }

  /**
   * The buyer's save: checks the saved pixels against the order (when the call names them), then
   * grants the paid order (or says it was refunded). Idempotent.
   */
  async commit(
    req: Pick<CommitOrderRequest, 'userId' | 'intentId' | 'canvasIndex' | 'boardIndex' | 'pixels'>,
  ): Promise<Omit<CommitOrderResponse, '$typeName'>> {
    const order = await this.ownOrder(req.userId, req.intentId);
    if (req.pixels.length > 0) {
      const problem = saveProblem(order, req.canvasIndex, req.boardIndex, req.pixels);
      if (problem) throw appError('VALIDATION_ERROR', problem.message, { field: problem.field });
    }
    const r = await this.fulfil(req.intentId, { known: order });
    const o = r.order;
    switch (o.state) {
      case 'granted':
        return {
          alreadyCommitted: !r.grantedNow,
          pixelCount: o.pixels.length,
          intent: intentMessage(o, 'succeeded', { pixels: false }),
        };
      case 'refunded':
      case 'refunding':
        // refused by the canvas for good and refunded in this flow: the buyer is told (the BFF adds
        // the refund's amount and state to the error body)
        throw appError(
          'ORDER_REFUNDED',
          orderRefundedMessage(o.refundReason, o.refundedCents || o.receivedCents || o.amountCents),
          { field: 'payment_intent_id' },
        );
      case 'canceled':
        throw appError('BAD_REQUEST', 'Payment verification failed: this payment was canceled', {
          field: 'payment_intent_id',
        });
      case 'committing':
        throw appError('SERVICE_UNAVAILABLE', 'The payment is still being processed; please try again');
      default:
        throw appError(
          'BAD_REQUEST',
          `Payment verification failed: payment status is ${r.status ?? 'unknown'}`,
          {
            field: 'payment_intent_id',
          },
        );
    }
  }

  /**
   * `fulfilment.fulfil`, after this process's own fulfilment of the order, if one is under way.
   * `known` is the order as the caller just read it (used when nothing ran before this call).
   */
  private fulfil(orderId: string, opts: { waitMs?: number; known?: Order } = {}): Promise<FulfilResult> {
    const waitMs = opts.waitMs ?? this.deps.claimWaitMs ?? 5000;
    const known = this.#fulfilling.has(orderId) ? undefined : opts.known;
    return this.#fulfilling.run(orderId, waitMs, (left) =>
      this.fulfilment.fulfil(orderId, { waitMs: left, known }),
    );
  }

  /**
   * A provider webhook: verified, taken once by event id (a unique insert: a duplicate is answered
   * as not handled), settled by re-reading the intent. An event whose handling fails is given back,
   * so the provider's next delivery is handled.
   */
  async handleEvent(
    payload: Uint8Array,
    signature: string,
  ): Promise<{ handled: boolean; eventType: string }> {
    const { repo, provider, logger } = this.deps;
    let event;
    try {
      event = provider.verifyEvent(payload, signature);
    } catch (err) {
      if (err instanceof WebhookSignatureError)
        throw appError(
          'BAD_REQUEST',
          `Webhook signature verification failed: ${err.message.split('\n')[0]!.slice(0, 120)}`,
          {
            field: 'signature',
          },
        );
      throw err;
    }
    const rec = { _id: event.id, type: event.type, intentId: event.intentId, handledAt: this.now() };
    if (!(await repo.takeEvent(rec))) return { handled: false, eventType: event.type };
    try {
      const order = event.intentId ? await repo.get(event.intentId) : null;
      if (order) {
        const r = await this.fulfil(order._id, { waitMs: 0, known: order });
        logger.info(
          { eventId: event.id, type: event.type, orderId: order._id, state: r.order.state },
          'provider event',
        );
        // another fulfiller holds the order: not handled yet, so the provider delivers it again
        if (r.order.state === 'committing')
          throw appError(
            'SERVICE_UNAVAILABLE',
            'The order is being fulfilled; deliver the event again later',
          );
      }
    } catch (err) {
      await repo
        .releaseEvent(event.id)
        .catch((e: unknown) => logger.warn({ err: e, eventId: event.id }, 'could not give an event back'));
      throw err;
    }
    return { handled: true, eventType: event.type };
  }

  async ledger(canvasIndex: number): Promise<GetLedgerResponse> {
    const entries = await this.deps.repo.ledgerOf(canvasIndex);
    const sum = (k: 'receivedCents' | 'artistCents' | 'galleryCents' | 'feeCents' | 'taxCents') =>
      entries.reduce((s, e) => s + e[k], 0);
    return create(GetLedgerResponseSchema, {
      canvasIndex,
      orderCount: entries.length,
      receivedCents: sum('receivedCents'),
      artistCents: sum('artistCents'),
      galleryCents: sum('galleryCents'),
      feeCents: sum('feeCents'),
      taxCents: sum('taxCents'),
    });
  }
}
