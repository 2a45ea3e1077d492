/**
 * Fulfilment: the one idempotent `fulfil(orderId)` behind the buyer's save call, the provider's
 * events and the reconciliation job. It re-reads the intent's status at the provider (events are
 * only a hint, in any order, any number of times), claims the order with a compare-and-set, commits
 * it on the canvas (CommitOrder keyed by the intent id, so a repeated commit changes nothing), and
 * either grants it (ledger entry, `tessera.payment.succeeded`) or, when the canvas can no longer
 * grant the pixels, refunds it in full (`tessera.payment.refunded`). Final states never change.
 */
import { randomUUID } from 'node:crypto';
import { create, toBinary } from '@bufbuild/protobuf';
import { ConnectError } from '@connectrpc/connect';
import { context, propagation } from '@opentelemetry/api';
import { ERROR_CODE_HEADER, appError } from '@tessera/kit';
import { PaymentRefundedSchema, PaymentSucceededSchema } from '@tessera/proto/tessera/events/v1/events_pb.js';
import { ledgerEntry } from '../domain/ledger.js';
import { CLAIM_MS, FINAL_STATES, nextStep, type IntentStatus, type Order } from '../domain/order.js';
import { SUBJECTS, type PaymentDeps } from './deps.js';

export interface FulfilResult {
  order: Order;
  /** The provider's status when it was read (undefined when the order was already final). */
  status?: IntentStatus;
  /** This call granted the order. */
  grantedNow: boolean;
}

const MAX_STEPS = 200;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The canvas refused the commit for good (pixels sold or held by another order). */
function refusedForGood(err: unknown): boolean {
  if (!(err instanceof ConnectError)) return false;
  const code = err.metadata.get(ERROR_CODE_HEADER);
  return code === 'PIXEL_ALREADY_SOLD' || code === 'CONFLICT';
}

export class Fulfilment {
  constructor(private readonly deps: PaymentDeps) {}

  private now(): number {
    return this.deps.now();
  }

  async fulfil(orderId: string, opts: { waitMs?: number } = {}): Promise<FulfilResult> {
    const { repo, provider } = this.deps;
    const waitUntil = Date.now() + (opts.waitMs ?? this.deps.claimWaitMs ?? 5000);
    for (let step = 0; step < MAX_STEPS; step++) {
      const order = await repo.get(orderId);
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
          if (!order.eventPublished) await this.publish(order);
          return { order, grantedNow: false };
        case 'unpaid':
          return { order, status: intent?.status, grantedNow: false };
        case 'wait':
          if (Date.now() >= waitUntil) return { order, grantedNow: false };
          await sleep(20);
          continue;
        case 'cancel':
          await this.cancel(order);
          continue;
        case 'finish-refund':
          await this.finishRefund(order);
          continue;
        case 'claim': {
          const claimId = randomUUID();
          const claimed = await repo.update(
            order,
            {
              state: 'committing',
              claimId,
              claimUntil: this.now() + CLAIM_MS,
              receivedCents: intent!.amountReceivedCents,
            },
            this.now(),
          );
          if (!claimed) continue; // someone else moved the order: look again
          const granted = await this.commitOnCanvas(claimed);
          if (granted) {
            const done = await repo.update(
              claimed,
              { state: 'granted', claimId: null, grantedAt: this.now() },
              this.now(),
            );
            if (!done) continue;
            await this.publish(done);
            return { order: (await repo.get(orderId)) ?? done, status: intent!.status, grantedNow: true };
          }
          await repo.update(
            claimed,
            { state: 'refunding', claimId: null, refundReason: 'pixels_sold_to_another_buyer' },
            this.now(),
          );
          continue;
        }
      }
    }
    throw appError('SERVICE_UNAVAILABLE', 'The order is busy; please try again');
  }

  /** True when the canvas granted the order (now or before); false when it can never grant it. */
  private async commitOnCanvas(order: Order): Promise<boolean> {
    try {
      await this.deps.canvas.commitOrder({
        orderId: order._id,
        canvasIndex: order.canvasIndex,
        boardIndex: order.boardIndex,
        userId: order.userId,
        pixels: order.pixels,
      });
      return true;
    } catch (err) {
      if (refusedForGood(err)) {
        this.deps.logger.warn(
          { orderId: order._id, err },
          'paid order can no longer be granted; refunding it',
        );
        return false;
      }
      // a passing failure: give the claim back so the next try need not wait for it to expire
      await this.deps.repo
        .update(order, { state: 'pending', claimId: null, claimUntil: 0 }, this.now())
        .catch(() => null);
      throw err;
    }
  }

  private async finishRefund(order: Order): Promise<void> {
    const refund = await this.deps.provider.refund(order._id, `refund-${order._id}`);
    const done = await this.deps.repo.update(
      order,
      { state: 'refunded', refundedCents: refund.amountCents },
      this.now(),
    );
    if (done) await this.publish(done);
  }

  private async cancel(order: Order): Promise<void> {
    const done = await this.deps.repo.update(order, { state: 'canceled', claimId: null }, this.now());
    if (!done) return;
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

  /** Ledger entry and event of a final order (both idempotent), then marks it published. */
  async publish(order: Order): Promise<void> {
    const { repo, bus } = this.deps;
    const headers: Record<string, string> = {};
    propagation.inject(context.active(), headers);
    if (order.state === 'granted') {
      await repo.addLedger(
        ledgerEntry({
          orderId: order._id,
          canvasIndex: order.canvasIndex,
          receivedCents: order.receivedCents,
          feeCents: order.breakdown.serviceFeeCents,
          taxCents: order.breakdown.taxAmountCents,
        }),
        this.now(),
      );
      const ev = create(PaymentSucceededSchema, {
        intentId: order._id,
        userId: order.userId,
        amountCents: order.receivedCents,
        canvasIndex: order.canvasIndex,
        boardIndex: order.boardIndex,
        atMs: order.grantedAt,
      });
      await bus.publish(SUBJECTS.succeeded, toBinary(PaymentSucceededSchema, ev), {
        msgId: `payment-succeeded-${order._id}`,
        headers,
      });
    } else if (order.state === 'refunded') {
      const ev = create(PaymentRefundedSchema, {
        intentId: order._id,
        userId: order.userId,
        amountCents: order.refundedCents,
        reason: order.refundReason,
        atMs: order.updatedAt,
      });
      await bus.publish(SUBJECTS.refunded, toBinary(PaymentRefundedSchema, ev), {
        msgId: `payment-refunded-${order._id}`,
        headers,
      });
    } else return;
    await repo.orders.updateOne({ _id: order._id }, { $set: { eventPublished: true } });
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
      await this.publish(order).catch((err: unknown) =>
        logger.warn({ err, orderId: order._id }, 'publish failed'),
      );
    }
    return settled;
  }
}
