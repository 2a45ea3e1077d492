/**
 * Fulfilment: the one idempotent `fulfil(orderId)` behind the buyer's save call, the provider's
 * events and the reconciliation job. It re-reads the intent's status at the provider (events are
 * only a hint, in any order, any number of times) and, once paid, commits the order on the canvas
 * (CommitOrder keyed by the intent id). The canvas decides: a commit of the order is idempotent
 * (a repeat answers `already_committed`) and a refusal voids the order there for good, so every
 * fulfiller that asks, in any process and however late, gets the same answer, and the order needs
 * no claim. Then one compare-and-set write records the outcome: `granted` with its ledger entry,
 * after `tessera.payment.succeeded` went out (deduplicated by id, so a fulfiller killed in between
 * only publishes again), or `refunding`, refunded in full, then `refunded` with
 * `tessera.payment.refunded`. A fulfiller that loses the write re-reads the order and finds the
 * outcome another one recorded. Final states never change.
 */
import { SUBJECTS } from '@tessera/facts/subjects';
import { appError, hasAppCode, publishEvent, sleepUnlessAborted } from '@tessera/kit';
import { ledgerEntry } from '../domain/ledger.js';
import { REFUND_REASONS, type IntentStatus, type RefundReason } from '@tessera/facts/payments';
import { FINAL_STATES, nextStep, type Order } from '../domain/order.js';
import type { PaymentDeps } from './deps.js';
import { recordOrder } from './metrics.js';

export interface FulfilResult {
  order: Order;
  /** The provider's status when it was read (undefined when the order was already final). */
  status?: IntentStatus;
  /** This call granted the order. */
  grantedNow: boolean;
}

const MAX_STEPS = 200;

export class Fulfilment {
  constructor(private readonly deps: PaymentDeps) {}

  private now(): number {
    return this.deps.now();
  }

  /** Settles the order as far as the provider's status allows; `known` spares the first read. */
  async fulfil(orderId: string, opts: { waitMs?: number; known?: Order } = {}): Promise<FulfilResult> {
    const { repo, provider } = this.deps;
    const waitUntil = this.now() + (opts.waitMs ?? this.deps.claimWaitMs ?? 5000);
    let known = opts.known;
    for (let step = 0; step < MAX_STEPS; step++) {
      const order = known ?? (await repo.get(orderId));
      known = undefined;
      if (!order)
        throw appError('payment_intent_not_found', 'Payment intent not found', {
          field: 'payment_intent_id',
        });
      const busy = order.state === 'committing' && order.claimUntil > this.now();
      const final = FINAL_STATES.has(order.state) || order.state === 'refunding';
      const intent = final || busy ? undefined : await provider.retrieve(orderId);
      const next = nextStep(order, intent?.status, this.now());
      switch (next.kind) {
        case 'done':
          if (!order.eventPublished) await this.publishFinal(order);
          return { order, grantedNow: false };
        case 'unpaid':
          return { order, status: intent?.status, grantedNow: false };
        case 'wait':
          if (this.now() >= waitUntil) return { order, grantedNow: false };
          await sleepUnlessAborted(20);
          continue;
        case 'cancel':
          await this.cancel(order);
          continue;
        case 'finish-refund':
          await this.finishRefund(order);
          continue;
        case 'commit': {
          const receivedCents = intent!.amountReceivedCents;
          const refusal = await this.commitOnCanvas(order);
          if (refusal) {
            // refused for good: refunded in this same flow (the loop's next step is the refund)
            await repo.update(
              order,
              { state: 'refunding', claimId: null, receivedCents, refundReason: refusal },
              this.now(),
            );
            continue;
          }
          const grantedAt = this.now();
          const granted: Order = { ...order, state: 'granted', receivedCents, grantedAt };
          await this.announce(granted);
          const done = await repo.update(
            order,
            {
              state: 'granted',
              claimId: null,
              receivedCents,
              grantedAt,
              ledger: ledgerEntry({
                orderId,
                canvasIndex: order.canvasIndex,
                receivedCents,
                feeCents: order.breakdown.serviceFeeCents,
                taxCents: order.breakdown.taxAmountCents,
              }),
              eventPublished: true,
            },
            this.now(),
          );
          if (!done) continue; // another fulfiller recorded it first: look again
          recordOrder('granted', done);
          return { order: done, status: intent!.status, grantedNow: true };
        }
      }
    }
    throw appError('SERVICE_UNAVAILABLE', 'The order is busy; please try again');
  }

  /**
   * Null when the canvas granted the order (now or before); the refund's reason when the canvas
   * refused it for good (it voided the order: no later commit of it is accepted).
   */
  private async commitOnCanvas(order: Order): Promise<RefundReason | null> {
    try {
      await this.deps.canvas.commitOrder({
        orderId: order._id,
        canvasIndex: order.canvasIndex,
        boardIndex: order.boardIndex,
        userId: order.userId,
        pixels: order.pixels,
      });
      return null;
    } catch (err) {
      // the canvas refused the commit for good (pixels sold or held by another order, the board
      // taken by another user, the order voided before)
      if (hasAppCode(err, 'PIXEL_ALREADY_SOLD', 'CONFLICT', 'LOCK_CONFLICT')) {
        this.deps.logger.warn(
          { orderId: order._id, err },
          'paid order can no longer be granted; refunding it',
        );
        return hasAppCode(err, 'LOCK_CONFLICT') ? REFUND_REASONS.boardLockLost : REFUND_REASONS.pixelsSold;
      }
      throw err; // a passing failure: the order stays as it is for the next try
    }
  }

  private async finishRefund(order: Order): Promise<void> {
    const refund = await this.deps.provider.refund(order._id, `refund-${order._id}`);
    const refunded: Order = {
      ...order,
      state: 'refunded',
      refundedCents: refund.amountCents,
      updatedAt: this.now(),
    };
    await this.announce(refunded);
    const done = await this.deps.repo.update(
      order,
      { state: 'refunded', refundedCents: refund.amountCents, eventPublished: true },
      refunded.updatedAt,
    );
    if (done) recordOrder('refunded', done);
  }

  private async cancel(order: Order): Promise<void> {
    const done = await this.deps.repo.update(order, { state: 'canceled', claimId: null }, this.now());
    if (!done) return;
    recordOrder('canceled', done);
    await this.deps.canvas
      .releaseReservation({
        orderId: order._id,
        canvasIndex: order.canvasIndex,
        boardIndex: order.boardIndex,
      })
      .catch((err: unknown) =>
        this.deps.logger.warn({ err, orderId: order._id }, 'could not release reservation'),
      );
  }

  /** The event of a granted or refunded order (deduplicated by its id on the bus). */
  private async announce(order: Order): Promise<void> {
    const { bus } = this.deps;
    if (order.state === 'granted') {
      await publishEvent(
        bus,
        SUBJECTS.paymentSucceeded,
        {
          intentId: order._id,
          userId: order.userId,
          amountCents: order.receivedCents,
          canvasIndex: order.canvasIndex,
          boardIndex: order.boardIndex,
          atMs: order.grantedAt,
          pixels: order.pixels.map(({ x, y, color }) => ({ x, y, color })),
          subtotalCents: order.breakdown.subtotalCents,
          serviceFeeCents: order.breakdown.serviceFeeCents,
          taxCents: order.breakdown.taxAmountCents,
          taxJurisdiction: order.breakdown.taxJurisdiction,
          currency: order.currency,
        },
        { msgId: `payment-succeeded-${order._id}` },
      );
    } else if (order.state === 'refunded') {
      await publishEvent(
        bus,
        SUBJECTS.paymentRefunded,
        {
          intentId: order._id,
          userId: order.userId,
          amountCents: order.refundedCents,
          reason: order.refundReason,
          atMs: order.updatedAt,
          canvasIndex: order.canvasIndex,
          boardIndex: order.boardIndex,
          pixelCount: order.pixels.length,
        },
        { msgId: `payment-refunded-${order._id}` },
      );
    }
  }

  /** Publishes the event of a final order recorded without it (older versions), then marks it. */
  async publishFinal(order: Order): Promise<void> {
    if (order.state !== 'granted' && order.state !== 'refunded') return;
    await this.announce(order);
    await this.deps.repo.orders.updateOne({ _id: order._id }, { $set: { eventPublished: true } });
  }

  /**
   * The reconciliation job: settles every order that is paid but not final (a lost event, a save
   * that never came, a process killed mid-way), publishes what was not published, and gives up
   * orders left unpaid for a day.
   */
  async reconcile(opts: { quietMs?: number; abandonAfterMs?: number } = {}): Promise<number> {
    const { repo, provider, logger } = this.deps;
    const now = this.now();
    const open = await repo.inStates(['pending', 'committing', 'refunding'], now - (opts.quietMs ?? 30_000));
    let settled = 0;
    for (const order of open) {
      try {
        const r = await this.fulfil(order._id, { waitMs: 0 });
        if (FINAL_STATES.has(r.order.state)) settled++;
        else if (
          r.order.state === 'pending' &&
          r.status !== 'succeeded' &&
          r.status !== 'processing' &&
          order.createdAt < now - (opts.abandonAfterMs ?? 24 * 3600_000)
        ) {
          await provider.cancel(order._id);
          await this.fulfil(order._id, { waitMs: 0 });
        }
      } catch (err) {
        logger.warn({ err, orderId: order._id }, 'reconciliation could not settle an order');
      }
    }
    for (const order of await repo.unpublished()) {
      await this.publishFinal(order).catch((err: unknown) =>
        logger.warn({ err, orderId: order._id }, 'publish failed'),
      );
    }
    return settled;
  }
}
