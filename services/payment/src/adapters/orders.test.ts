/**
 * The payment's periodic queries read the orders an index gives them, not every order ever made: on
 * the embedded store all but the most recent orders live in its spill file, so a scan is a read from
 * disk per order. The reconciliation's open orders (`inStates`: a `$in` on the state index) and the
 * outbox's unpublished ones (`unpublished`: the eventPublished index) are checked with the filters
 * the repository itself sends (`examined`: how many documents the store reads for a filter).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openTestStores, type TestStores } from '@tessera/embedded/testing';
import type { Filter } from '@tessera/kit';
import type { Order, OrderState } from '../domain/order.js';
import { OrderRepository } from './orders.js';

const opened: TestStores[] = [];
afterAll(async () => {
  for (const s of opened) await s.close();
});

function order(i: number, state: OrderState, eventPublished: boolean): Order {
  return {
    _id: `pi_${i}`,
    userId: `u${i % 3}`,
    canvasIndex: 1,
    boardIndex: i % 625,
    state,
    eventPublished,
    idempotencyKey: `k${i}`,
    createdAt: 1000 + i,
    updatedAt: 1000 + i,
    version: 1,
  } as Order;
}

describe('payment orders on the embedded store', () => {
  it('reads only the open and the unpublished orders for the reconciliation and the outbox', async () => {
    const stores = await openTestStores({ prefix: 'payment-orders-' });
    opened.push(stores);
    const repo = await OrderRepository.open(stores.store);
    let i = 0;
    for (; i < 400; i++) await repo.insert(order(i, i % 2 ? 'granted' : 'refunded', true));
    for (const state of ['pending', 'committing', 'refunding', 'pending'] as const)
      await repo.insert(order(i++, state, false));
    for (let n = 0; n < 3; n++) await repo.insert(order(i++, 'granted', false));

    const filters: Filter<Order>[] = [];
    const find = repo.orders.find.bind(repo.orders);
    const spy = vi.spyOn(repo.orders, 'find').mockImplementation((filter, options) => {
      filters.push(filter);
      return find(filter, options);
    });
    const examined = (filter: Filter<Order>) =>
      (repo.orders as unknown as { examined(f: Filter<Order>): number }).examined(filter);

    const open = await repo.inStates(['pending', 'committing', 'refunding'], 10_000);
    expect(open.map((o) => o.state).sort()).toEqual(['committing', 'pending', 'pending', 'refunding']);
    expect(examined(filters[0] as Filter<Order>)).toBe(4);

    const unpublished = await repo.unpublished();
    expect(unpublished.map((o) => o._id).sort()).toEqual(['pi_404', 'pi_405', 'pi_406']);
    expect(examined(filters[1] as Filter<Order>)).toBe(7);
    spy.mockRestore();
  });
});
