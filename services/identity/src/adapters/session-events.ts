/**
 * Publishes `tessera.session.revoked` on the event bus, so that every BFF replica refuses the ended
 * sessions' access tokens at once. A failed publish is logged and not thrown: the session is already
 * revoked in the store, and the BFF's session check (GetSessionStatus, cached briefly) catches a
 * revocation whose event never arrived.
 */
import { SUBJECTS } from '@tessera/facts/subjects';
import { publishEventBestEffort, type EventBus, type Logger } from '@tessera/kit';
import type { SessionEvents, SessionsRevoked } from '../service/ports.js';

export function busSessionEvents(bus: EventBus, logger: Logger): SessionEvents {
  return {
    async revoked(e: SessionsRevoked): Promise<void> {
      if (e.sessionIds.length === 0) return;
      await publishEventBestEffort(
        bus,
        SUBJECTS.sessionRevoked,
        { userId: e.userId, sessionIds: e.sessionIds, reason: e.reason, revokedAtMs: e.revokedAt },
        {
          // one id per revocation: a retried publish of the same one is dropped as a duplicate
          msgId: `session-revoked:${e.sessionIds.length === 1 ? e.sessionIds[0] : e.userId}:${e.revokedAt}`,
          logger,
          note: 'the BFF session check will catch it',
          fields: { userId: e.userId, sessions: e.sessionIds.length, reason: e.reason },
        },
      );
    },
  };
}
