/**
 * The canvas service's view of board locks (the lock service over Connect). Reserve asks whether
 * the caller holds the board with its fencing token; commit asks who holds the board now.
 * Failures propagate (the call fails as unavailable and is retried), so a lock service that cannot
 * be asked never lets a reservation through.
 */
import { createClient, type Client, type Transport } from '@connectrpc/connect';
import { LockService as LockServiceDescriptor } from '@tessera/proto/tessera/lock/v1/lock_pb.js';

export interface LockGate {
  /** True when `userId` holds the board's live lock with exactly this fencing token. */
  holds(canvasIndex: number, boardIndex: number, userId: string, fencingToken: number): Promise<boolean>;
  /** The board's live lock (holder and fencing token), null when the board is free. */
  current(canvasIndex: number, boardIndex: number): Promise<{ userId: string; fencingToken: number } | null>;
}

export function lockGateOver(transport: Transport): LockGate {
  const client: Client<typeof LockServiceDescriptor> = createClient(LockServiceDescriptor, transport);
  return {
    async holds(canvasIndex, boardIndex, userId, fencingToken) {
      if (!(fencingToken > 0)) return false;
      const out = await client.validateLock({ canvasIndex, boardIndex, userId, fencingToken });
      return out.valid;
    },
    async current(canvasIndex, boardIndex) {
      const { lock } = await client.getLockStatus({ canvasIndex, boardIndex });
      return lock ? { userId: lock.userId, fencingToken: lock.fencingToken } : null;
    },
  };
}
