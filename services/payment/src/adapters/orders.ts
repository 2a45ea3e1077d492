/**
 * The payment service's document-store collections: `orders` (one per intent, compare-and-set on
 * `version`), `provider_events` (ids of handled provider events, for deduplication), `ledger` (one
 * entry per granted order, `_id` = order id so a repeated write is a no-op), and `tracking` (the
 * client's intent and purchase records).
 */
import { DuplicateKeyError, type Collection, type DocumentStore } from '@tessera/kit';
import type { LedgerEntry } from '../domain/ledger.js';
import type { Order, OrderState } from '../domain/order.js';

export interface EventRecord {
  _id: string;
  type: string;
  intentId: string | null;
  handledAt: number;
}

export interface LedgerDoc extends LedgerEntry {
  _id: string;
  at: number;
}

export interface TrackingDoc {
  _id: string;
  kind: 'intent' | 'purchase';
  intentId: string;
  userId: string;
  record: Record<string, unknown>;
  at: number;
}

export class OrderRepository {
  private constructor(
    readonly orders: Collection<Order>,
    readonly events: Collection<EventRecord>,
    readonly ledger: Collection<LedgerDoc>,
    readonly tracking: Collection<TrackingDoc>,
  ) {}

  static async open(store: DocumentStore): Promise<OrderRepository> {
    return new OrderRepository(
      await store.collection<Order>('orders', {
        indexes: [
          { fields: { idempotencyKey: 1 }, unique: true },
          { fields: { state: 1, updatedAt: 1 } },
          { fields: { userId: 1 } },
        ],
      }),
      await store.collection<EventRecord>('provider_events'),
      await store.collection<LedgerDoc>('ledger', { indexes: [{ fields: { canvasIndex: 1 } }] }),
      await store.collection<TrackingDoc>('tracking', { indexes: [{ fields: { intentId: 1 } }] }),
    );
  }

  get(id: string): Promise<Order | null> {
    return this.orders.findOne({ _id: id });
  }

  byIdempotencyKey(key: string): Promise<Order | null> {
    return this.orders.findOne({ idempotencyKey: key });
  }

  async insert(order: Order): Promise<boolean> {
    try {
      await this.orders.insertOne(order);
      return true;
    } catch (err) {
      if (err instanceof DuplicateKeyError) return false;
      throw err;
    }
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

  async seenEvent(id: string): Promise<boolean> {
    return (await this.events.findOne({ _id: id })) !== null;
  }

  async recordEvent(rec: EventRecord): Promise<void> {
    try {
      await this.events.insertOne(rec);
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
  }

  async addLedger(entry: LedgerEntry, at: number): Promise<void> {
    try {
      await this.ledger.insertOne({ _id: entry.orderId, ...entry, at });
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
  }

  ledgerOf(canvasIndex: number): Promise<LedgerDoc[]> {
    return this.ledger.find({ canvasIndex });
  }

  async track(doc: TrackingDoc): Promise<void> {
    await this.tracking.replaceOne({ _id: doc._id }, doc, { upsert: true });
  }
}
