/**
 * The client's tracking records (spec: `POST /payment-intents` and `POST /pixel-purchases`): what
 * the web app reports about an intent and the pixels it bought, kept beside the order they name
 * (the caller's own; the purchase only once paid, with pixels of the order).
 */
import { appError } from '@tessera/kit';
import type {
  RecordPixelPurchaseRequest,
  TrackPaymentIntentRequest,
} from '@tessera/proto/tessera/payment/v1/payment_pb.js';
import type { Order } from '../domain/order.js';
import type { PaymentDeps } from './deps.js';

export class Records {
  constructor(
    private readonly deps: PaymentDeps,
    private readonly ownOrder: (userId: string, intentId: string) => Promise<Order>,
  ) {}

  async track(req: TrackPaymentIntentRequest): Promise<void> {
    const order = await this.ownOrder(req.userId, req.intentId);
    await this.deps.repo.track({
      _id: `intent:${order._id}`,
      kind: 'intent',
      intentId: order._id,
      userId: req.userId,
      record: { status: req.status, amountCents: req.amountCents, currency: req.currency },
      at: this.deps.now(),
    });
  }

  async recordPurchase(req: RecordPixelPurchaseRequest): Promise<void> {
    const order = await this.ownOrder(req.userId, req.intentId);
    if (req.canvasIndex !== order.canvasIndex)
      throw appError('VALIDATION_ERROR', 'canvas_index does not match the payment', {
        field: 'canvas_index',
      });
    const inOrder = new Set(order.pixels.map((p) => `${p.x},${p.y}`));
    for (const p of req.pixels)
      if (!inOrder.has(`${p.x},${p.y}`))
        throw appError('VALIDATION_ERROR', `Pixel (${p.x}, ${p.y}) is not part of this payment`, {
          field: 'x_y_array',
        });
    const intent = await this.deps.provider.retrieve(order._id);
    if (intent.status !== 'succeeded')
      throw appError('BAD_REQUEST', `Payment verification failed: payment status is ${intent.status}`, {
        field: 'payment_intent_id',
      });
    await this.deps.repo.track({
      _id: `purchase:${order._id}`,
      kind: 'purchase',
      intentId: order._id,
      userId: req.userId,
      record: {
        canvasIndex: req.canvasIndex,
        pixels: req.pixels.map((p) => [p.x, p.y]),
        priceCents: order.amountCents,
      },
      at: this.deps.now(),
    });
  }
}
