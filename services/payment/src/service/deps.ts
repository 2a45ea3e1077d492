/** The payment core's injected dependencies (setup.ts builds them; tests build their own). */
import type { Client } from '@connectrpc/connect';
import type { EventBus, Logger } from '@tessera/kit';
import type { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import type { LockCheck } from '../adapters/lock-check.js';
import type { OrderRepository } from '../adapters/orders.js';
import type { PaymentProvider } from '../adapters/provider.js';
import type { SandboxProvider } from '../adapters/sandbox-provider.js';

export interface PaymentDeps {
  repo: OrderRepository;
  provider: PaymentProvider;
  /** Set when the provider is the sandbox (test-card confirmation). */
  sandbox?: SandboxProvider;
  /** The canvas service: reserves (checking the buyer's board lock), commits and releases orders. */
  canvas: Client<typeof CanvasService>;
  /** The lock service: whether the buyer still holds the board with the order's token (before the charge). */
  locks: LockCheck;
  bus: EventBus;
  logger: Logger;
  now: () => number;
  /** How long a save call waits for another fulfiller working on the same order (default 5 s). */
  claimWaitMs?: number;
  /** How long the canvas holds the pixels of an unpaid order (default 30 min). */
  reservationTtlS?: number;
}
