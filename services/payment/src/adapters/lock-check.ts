/**
 * The payment service's one question to the lock service (over Connect): does the buyer still hold
 * the board's lock with the order's fencing token? Asked before the card is charged
 * (`checkBeforeCharge`): one ValidateLock call, where that check used to be a check-only reservation
 * through the canvas (payment -> canvas -> lock, and a read of the whole board whose answer was not
 * used there). Failures propagate: a lock service that cannot be asked never lets a charge through.
 */
import type { Client } from '@connectrpc/connect';
import type { LockService } from '@tessera/proto/tessera/lock/v1/lock_pb.js';

export interface LockCheck {
  /**
   * True while `userId` holds the board's live lock with exactly `fencingToken` (0: with whatever
   * token, as the canvas's reservation check read it).
   */
  holds(canvasIndex: number, boardIndex: number, userId: string, fencingToken: number): Promise<boolean>;
}

/** The check over a lock service client (the process: the kit's `createPeerClient`; tests: any client). */
export function lockCheckOver(client: Client<typeof LockService>): LockCheck {
  return {
    async holds(canvasIndex, boardIndex, userId, fencingToken) {
      if (!(fencingToken >= 0)) return false;
      const out = await client.validateLock({ canvasIndex, boardIndex, userId, fencingToken });
      return out.valid;
    },
  };
}
