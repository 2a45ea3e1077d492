/**
 * The canvas service's view of board locks (the lock service over Connect): one call per purchase
 * step. Reserve asks whether the buyer holds the board (ValidateLock, with the buyer's fencing token
 * or any); commit asks who holds the board now (GetLockStatus). Failures propagate (the call fails
 * as unavailable and is retried), so a lock service that cannot be asked never lets a reservation
 * through.
 */
import type { Client } from '@connectrpc/connect';
import type { LockService as LockServiceDescriptor } from '@tessera/proto/tessera/lock/v1/lock_pb.js';

export interface LockGate {
  /**
   * The fencing token of the board's live lock when `userId` holds it (with exactly
   * `fencingToken`, unless that is 0); null when the user does not hold the board.
   */
  heldToken(
    canvasIndex: number,
    boardIndex: number,
    userId: string,
    fencingToken: number,
  ): Promise<number | null>;
  /** The board's live lock (holder and fencing token), null when the board is free. */
  current(canvasIndex: number, boardIndex: number): Promise<{ userId: string; fencingToken: number } | null>;
}

/** The gate over a lock service client (the process: the kit's `createPeerClient`; tests: any client). */
export function lockGateOver(client: Client<typeof LockServiceDescriptor>): LockGate {
  return {
    async heldToken(canvasIndex, boardIndex, userId, fencingToken) {
      if (!(fencingToken >= 0)) return null;
      const out = await client.validateLock({ canvasIndex, boardIndex, userId, fencingToken });
      if (!out.valid) return null;
      if (fencingToken > 0) return fencingToken; // valid with exactly this token
      const live = out.lock?.fencingToken ?? 0;
      return live > 0 ? live : null;
    },
    async current(canvasIndex, boardIndex) {
      const { lock } = await client.getLockStatus({ canvasIndex, boardIndex });
      return lock ? { userId: lock.userId, fencingToken: lock.fencingToken } : null;
    },
  };
}
