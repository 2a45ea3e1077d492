/**
 * Checkout: an order priced on the server and reserved on the canvas under the provider's payment
 * intent (createIntent), and the billing address that sets its tax (updateAddress). The caller's
 * ownership of an intent is the payment core's `ownOrder`.
 */
import { randomUUID } from 'node:crypto';
import {
  colourCounts,
  CURRENCY,
  estimateOrderPrice,
  formatDollars,
  type OrderPrice,
} from '@tessera/facts/pricing';
import { appError, hasAppCode } from '@tessera/kit';
import type {
  CreatePaymentIntentRequest,
  PaymentIntent,
} from '@tessera/proto/tessera/payment/v1/payment_pb.js';
import { ProviderRequestError } from '../adapters/provider.js';
import { parseAddress, type AddressInput } from '../domain/address.js';
import { addressChangeAllowed, pendingOrder, withTax, type Order } from '../domain/order.js';
import { amountMatches } from '../domain/pricing.js';
import type { PaymentDeps } from './deps.js';
import { intentMessage } from './mappers.js';
import { checkOnCanvas, checkOpenOrders, LOCK_LOST } from './order-checks.js';
import { recordOrder } from './metrics.js';
import { checkPixels, checkPlace, checkUser } from './validate.js';

const ADDRESS_UPDATE_MS = 15_000;

export class Checkout {
  constructor(
    private readonly deps: PaymentDeps,
    /** The caller's order (404 unknown, 403 someone else's). */
    private readonly ownOrder: (userId: string, intentId: string) => Promise<Order>,
  ) {}

  private now(): number {
    return this.deps.now();
  }

  private async taxFor(address: AddressInput, breakdown: OrderPrice) {
    const parsed = parseAddress(address);
    if (!parsed.ok) {
      const first = parsed.problems[0]!;
      throw appError('invalid_billing_address', first.message, { field: `billingAddress.${first.field}` });
    }
    try {
      const quote = await this.deps.provider.calculateTax(parsed.address, breakdown.subtotalCents);
      return { address: parsed.address, breakdown: withTax(breakdown, quote) };
    } catch (err) {
      this.deps.logger.warn({ err }, 'tax calculation failed');
      throw appError('tax_calculation_failed', 'Tax could not be calculated for this address', {
        field: 'billingAddress',
        cause: err,
      });
    }
  }

  /**
   * Prices the pixels, checks the order (the user's open orders; the canvas's reservation checks
   * without writing: lock, pixels sold or held) before any provider call, then creates the
   * provider's intent and reserves the pixels on the canvas under it. The canvas checks the buyer's
   * board lock again as it reserves (its fencing token comes back with the reservation); a
   * reservation refused in the race left cancels the intent, so the buyer is refused before paying.
   */
  async createIntent(req: CreatePaymentIntentRequest): Promise<PaymentIntent> {
    const { repo, provider, canvas, logger } = this.deps;
    checkUser(req.userId);
    checkPlace(req.canvasIndex, req.boardIndex);
    const pixels = checkPixels(req.pixels);
    // no currency named is the one currency
    if (req.currency !== '' && req.currency.toLowerCase() !== CURRENCY)
      throw appError('VALIDATION_ERROR', `Only ${CURRENCY} payments are supported`, { field: 'currency' });
    let breakdown = estimateOrderPrice(colourCounts(pixels));
    if (!amountMatches(req.claimedAmountCents, breakdown))
      throw appError(
        'AMOUNT_MISMATCH',
        `The amount sent (${formatDollars(req.claimedAmountCents)}) does not match the expected price ` +
          `(${formatDollars(breakdown.totalCents)}). Please contact support.`,
        { field: 'amount' },
      );
    const key = req.idempotencyKey ? `${req.userId}:${req.idempotencyKey}` : `${req.userId}:${randomUUID()}`;
    const again = req.idempotencyKey ? await repo.byIdempotencyKey(key) : null;
    if (again) return intentMessage(again, (await provider.retrieve(again._id)).status);

    // everything that can refuse the order is asked before the provider is: a refused order makes
    // no provider call (no tax quote, no intent to create and cancel)
    await checkOpenOrders(this.deps, req.userId);
    await checkOnCanvas(this.deps, {
      orderId: '',
      userId: req.userId,
      canvasIndex: req.canvasIndex,
      boardIndex: req.boardIndex,
      fencingToken: 0,
      pixels,
    });

    let address = null;
    if (req.billingAddress) ({ address, breakdown } = await this.taxFor(req.billingAddress, breakdown));

    const description = (req.description || `${pixels.length} pixel(s) on board ${req.boardIndex}`).slice(
      0,
      500,
    );
    const intent = await provider.createIntent({
      amountCents: breakdown.totalCents,
      currency: CURRENCY,
      description,
      metadata: {
        user_id: req.userId,
        canvas_index: String(req.canvasIndex),
        board_index: String(req.boardIndex),
      },
      idempotencyKey: `create-${key}`,
    });
    let reserved;
    try {
      reserved = await canvas.reservePixels({
        orderId: intent.id,
        userId: req.userId,
        canvasIndex: req.canvasIndex,
        boardIndex: req.boardIndex,
        fencingToken: 0, // the buyer's live lock, whatever its token: the canvas asks the lock service
        pixels,
        ttlSeconds: this.deps.reservationTtlS ?? 30 * 60,
      });
    } catch (err) {
      // refused before paying: the intent is given up so it can never be paid
      await provider
        .cancel(intent.id)
        .catch((e: unknown) => logger.warn({ err: e }, 'could not cancel intent'));
      // the canvas refused the reservation: the buyer does not hold the board's lock
      if (hasAppCode(err, 'LOCK_CONFLICT'))
        throw appError('LOCK_CONFLICT', LOCK_LOST, { field: 'board_index', cause: err });
      throw err;
    }
    const order = pendingOrder(
      {
        _id: intent.id,
        userId: req.userId,
        canvasIndex: req.canvasIndex,
        boardIndex: req.boardIndex,
        pixels: reserved.pixels.map((p) => ({ x: p.x, y: p.y, color: p.color, isDefault: p.isDefault })),
        breakdown,
        currency: CURRENCY,
        description,
        billingAddress: address,
        clientSecret: intent.clientSecret,
        idempotencyKey: key,
        fencingToken: reserved.fencingToken,
      },
      this.now(),
    );
    const stored = await repo.insert(order);
    if (!stored.inserted) return intentMessage(stored.order, intent.status);
    recordOrder('created', order);
    logger.info(
      { orderId: order._id, pixels: order.pixels.length, amountCents: order.amountCents },
      'order created',
    );
    return intentMessage(order, intent.status);
  }

  async updateAddress(
    userId: string,
    intentId: string,
    input: AddressInput | undefined,
  ): Promise<PaymentIntent> {
    const { repo, provider } = this.deps;
    const order = await this.ownOrder(userId, intentId);
    if (!input)
      throw appError('invalid_billing_address', 'A billing address is required', { field: 'billingAddress' });
    if (!parseAddress(input).ok) await this.taxFor(input, order.breakdown); // throws the first problem
    if (order.addressUpdateUntil > this.now())
      throw appError(
        'concurrent_update_detected',
        'This payment is being updated; please wait and try again',
      );
    const intent = await provider.retrieve(intentId);
    if (!addressChangeAllowed(order, intent.status))
      throw appError(
        'invalid_payment_intent_state',
        `This payment can no longer be changed (status ${intent.status})`,
      );
    const claimed = await repo.update(
      order,
      { addressUpdateUntil: this.now() + ADDRESS_UPDATE_MS },
      this.now(),
    );
    if (!claimed)
      throw appError(
        'concurrent_update_detected',
        'This payment is being updated; please wait and try again',
      );
    try {
      const { address, breakdown } = await this.taxFor(input, estimateOrderPrice(colourCounts(order.pixels)));
      try {
        await provider.updateAmount(intentId, breakdown.totalCents, `amount-${intentId}-${claimed.version}`);
      } catch (err) {
        if (err instanceof ProviderRequestError)
          throw appError('invalid_payment_intent_state', 'This payment can no longer be changed', {
            cause: err,
          });
        throw err;
      }
      const done = await repo.update(
        claimed,
        { billingAddress: address, breakdown, amountCents: breakdown.totalCents, addressUpdateUntil: 0 },
        this.now(),
      );
      if (!done)
        throw appError('concurrent_update_detected', 'This payment changed meanwhile; please try again');
      return intentMessage(done, intent.status);
    } catch (err) {
      await repo.orders.updateOne(
        { _id: intentId, version: claimed.version },
        { $set: { addressUpdateUntil: 0 } },
      );
      throw err;
    }
  }
}
