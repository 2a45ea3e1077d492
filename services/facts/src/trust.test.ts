import { describe, expect, it } from 'vitest';
import { SERVICES } from './ports.js';
import { SUBJECTS } from './subjects.js';
import { callersOf, EVENT_PERMISSIONS, mayCall, RPC_CALLERS } from './trust.js';
import { CONTRACTS } from './contracts.js';

describe('the trust table', () => {
  it('names the callers of every method of every contract, and no method the contract lacks', () => {
    for (const s of SERVICES) {
      const methods = CONTRACTS[s].methods.map((m) => m.name).sort();
      expect(Object.keys(RPC_CALLERS[s]).sort(), s).toEqual(methods);
    }
  });

  it('lets only payment move money on the canvas, and only the BFF read e-mail addresses', () => {
    expect(RPC_CALLERS.canvas.CommitOrder).toEqual(['payment']);
    expect(RPC_CALLERS.canvas.ReservePixels).toEqual(['payment']);
    expect(RPC_CALLERS.identity.GetUser).toEqual(['bff']);
    expect(mayCall('bff', 'canvas', 'CommitOrder')).toBe(false);
    expect(mayCall('payment', 'canvas', 'CommitOrder')).toBe(true);
    expect(mayCall('payment', 'canvas', 'NoSuchMethod')).toBe(false);
  });

  it('derives each service ingress from the table', () => {
    expect(callersOf('lock')).toEqual(['bff', 'canvas', 'payment']);
    expect(callersOf('identity')).toEqual(['bff', 'submission', 'ops']);
  });

  it('gives every subject exactly one publisher', () => {
    for (const subject of Object.values(SUBJECTS)) {
      const publishers = Object.entries(EVENT_PERMISSIONS).filter(([, p]) =>
        p.publish.some(
          (pattern) =>
            pattern === subject || (pattern.endsWith('.*') && subject.startsWith(pattern.slice(0, -1))),
        ),
      );
      expect(publishers.length, subject).toBe(1);
    }
  });
});
