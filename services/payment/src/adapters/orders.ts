/**
 * The payment service's document-store collections: `orders` (one per intent, compare-and-set on
 * `version`; a granted order carries its ledger entry, written with the grant), `provider_events`
 * (ids of provider events taken for handling: the unique `_id` deduplicates them), and `tracking`
 * (the client's intent and purchase records). (Older versions kept the ledger entries in a
 * `ledger` collection of their own; a granted order without an entry gets it computed.)
 */
import {
  insertIfAbsent,
  insertOrGet,
  type Collection,
  type DocumentStore,
  type IndexSpec,
} from '@tessera/kit';
import { ledgerEntry, type LedgerEntry } from '../domain/ledger.js';
import type { Order, OrderState } from '../domain/order.js';

export interface EventRecord {
  _id: string;
  type: string;
  intentId: string | null;
  handledAt: number;
}

export interface TrackingDoc {
  _id: string;
  kind: 'intent' | 'purchase';
  intentId: string;
  userId: string;
  record: Record<string, unknown>;
  at: number;
}

/** The states of an order that was paid: what its buyer sees among their purchases. */
export const PAID_STATES: OrderState[] = ['granted', 'refunding', 'refunded'];

/** The orders' indexes (also read by loadtests/docstore-memory.bench.mjs). */
export const ORDER_INDEXES: readonly IndexSpec[] = [
  { fields: { idempotencyKey: 1 }, unique: true },
  { fields: { state: 1, updatedAt: 1 } },
  { fields: { userId: 1 } },
  // a buyer's paid orders, newest first (My pixels: ofBuyer)
  { fields: { userId: 1, state: 1, createdAt: -1 } },
  { fields: { canvasIndex: 1, state: 1 } },
  // the orders whose event has not gone out yet (`unpublished`): a few, not every order
  { fields: { eventPublished: 1 } },
];

export class OrderRepository {
  private constructor(
    readonly orders: Collection<Order>,
    readonly events: Collection<EventRecord>,
    readonly tracking: Collection<TrackingDoc>,
  ) {}

  static async open(store: DocumentStore): Promise<OrderRepository> {
    return new OrderRepository(
      await store.collection<Order>('orders', { indexes: [...ORDER_INDEXES] }),
      await store.collection<EventRecord>('provider_events'),
      await store.collection<TrackingDoc>('tracking', { indexes: [{ fields: { intentId: 1 } }] }),
    );
  }

  get(id: string): Promise<Order | null> {
    return this.orders.findOne({ _id: id });
  }

  byIdempotencyKey(key: string): Promise<Order | null> {
    return this.orders.findOne({ idempotencyKey: key });
  }

  /** Stores a new order; when a concurrent create with its idempotency key was first, that order. */
  async insert(order: Order): Promise<{ order: Order; inserted: boolean }> {
    const { doc, inserted } = await insertOrGet(this.orders, order, { idempotencyKey: order.idempotencyKey });
    return { order: doc, inserted };
  }

  /** Applies `set` if the order is still at `version` (compare-and-set); the new order or null. */
  async update(
    order: Order,
    set: Partial<Omit<Order, '_id' | 'version'>>,
    now: number,
  ): Promise<Order | null> {
    return this.orders.findOneAndUpdate(
      { _id: order._id, version: order.version },
      { $set: { ...set, updatedAt: now }, $inc: { version: 1 } },
    );
  }

  /** How many unpaid orders `userId` created after `since` (their pixels still held). */
  openCount(userId: string, since: number): Promise<number> {
    return this.orders.countDocuments({ userId, state: 'pending', createdAt: { $gt: since } });
  }

  /** Orders in these states last changed before `before` (the reconciliation job's work list). */
  inStates(states: OrderState[], before: number, limit = 200): Promise<Order[]> {
    return this.orders.find(
      { state: { $in: states }, updatedAt: { $lt: before } },
      { sort: { updatedAt: 1 }, limit },
    );
  }

  /** Granted or refunded orders whose event has not gone out yet. */
  unpublished(limit = 200): Promise<Order[]> {
    return this.orders.find({ state: { $in: ['granted', 'refunded'] }, eventPublished: false }, { limit });
  }

  /**
   * A page of `userId`'s paid orders (granted, being refunded or refunded), newest first (ties by id,
   * so pages never overlap), and how many there are in all.
   */
  async ofBuyer(userId: string, skip: number, limit: number): Promise<{ orders: Order[]; total: number }> {
    const filter = { userId, state: { $in: PAID_STATES } };
    const [orders, total] = await Promise.all([
      this.orders.find(filter, { sort: { createdAt: -1, _id: -1 }, skip, limit }),
      this.orders.countDocuments(filter),
    ]);
    return { orders, total };
  }

  /** Takes a provider event for handling: false when it was taken before (a duplicate). */
  takeEvent(rec: EventRecord): Promise<boolean> {
    return insertIfAbsent(this.events, rec);
  }

  /** Gives an event back when its handling failed, so the provider's next delivery is handled. */
  async releaseEvent(id: string): Promise<void> {
    await this.events.deleteOne({ _id: id });
  }

  /** The ledger entries of a canvas: one per granted order. */
  async ledgerOf(canvasIndex: number): Promise<LedgerEntry[]> {
    const granted = await this.orders.find({ canvasIndex, state: 'granted' });
    return granted.map(entryOf);
  }

  /** The ledger entry of an order: null unless it was granted. */
  async ledgerEntry(orderId: string): Promise<LedgerEntry | null> {
    const order = await this.get(orderId);
    return order?.state === 'granted' ? entryOf(order) : null;
  }

  async track(doc: TrackingDoc): Promise<void> {
    await this.tracking.replaceOne({ _id: doc._id }, doc, { upsert: true });
  }
}

/** A granted order's ledger entry (computed for orders granted before entries were written with them). */
export function entryOf(order: Order): LedgerEntry {
  return (
    order.ledger ??
    ledgerEntry({
      orderId: order._id,
      canvasIndex: order.canvasIndex,
      receivedCents: order.receivedCents,
      feeCents: order.breakdown.serviceFeeCents,
      taxCents: order.breakdown.taxAmountCents,
    })
  );
}
