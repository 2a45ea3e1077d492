import { describe, expect, it } from 'vitest';
import { closingInOrder } from './run.js';

describe('closingInOrder', () => {
  it("closes the parts' own resources first, then each adapter in the order given", async () => {
    const closed: string[] = [];
    const adapter = (name: string) => ({ close: async () => void closed.push(name) });
    const parts = closingInOrder(
      { routes: () => {}, services: ['s'], close: async () => void closed.push('core') },
      adapter('bus'),
      adapter('kv'),
      adapter('store'),
    );
    expect(parts.services).toEqual(['s']);
    await parts.close();
    expect(closed).toEqual(['core', 'bus', 'kv', 'store']);
  });

  it('closes the adapters of parts that have no close of their own', async () => {
    const closed: string[] = [];
    await closingInOrder({ services: [] }, { close: () => void closed.push('bus') }).close();
    expect(closed).toEqual(['bus']);
  });
});
