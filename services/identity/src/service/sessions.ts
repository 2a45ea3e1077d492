/**
 * Sessions: signed access tokens (JWT, one algorithm, iss/aud/sub/exp, 15 minutes, `sid` = the
 * session) and rotating refresh tokens (256-bit, stored as SHA-256, one family per sign-in). Reusing
 * a rotated refresh token revokes its family; logout and password reset revoke families too. Every
 * revocation is announced (tessera.session.revoked) so the BFFs refuse the session's access tokens
 * at once; GetSessionStatus answers for one whose announcement a BFF missed.
 */
import { SignJWT } from 'jose';
import { appError, sha256Base64url } from '@tessera/kit';
import type { RefreshTokenDoc, UserDoc } from '../domain/documents.js';
import { ACCESS_TOKEN_TTL_SEC, SESSION_MESSAGES } from '@tessera/facts/account';
import { REFRESH_TOKEN_BYTES } from '../domain/policy.js';
import { decideRefresh, familyExpiry, refreshExpiry } from '../domain/sessions.js';
import { userOut, type IdentityDeps, type SessionOut } from './deps.js';
import type { RevokeReason } from './ports.js';

export class Sessions {
  constructor(private readonly deps: IdentityDeps) {}

  /** A signed access token for the user in session `sessionId` (its `sid` claim). */
  async accessToken(user: UserDoc, sessionId: string, now: number): Promise<string> {
    const key = await this.deps.keys.current();
    const iat = Math.floor(now / 1000);
    const claims: Record<string, string> = { email: user.email, sid: sessionId };
    if (user.username) claims.username = user.username;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
      .setIssuer(this.deps.tokens.issuer)
      .setAudience(this.deps.tokens.audience)
      .setSubject(user._id)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_SEC)
      .setJti(this.deps.random.token(16))
      .sign(key.privateKey);
  }

  /** Starts a new session (a new refresh family) for a signed-in user. */
  async start(user: UserDoc): Promise<SessionOut> {
    const now = this.deps.clock.now();
    const sessionId = this.deps.random.id();
    const expiresAt = familyExpiry(now);
    await this.deps.repos.sessions.insertOne({
      _id: sessionId,
      userId: user._id,
      createdAt: now,
      expiresAt,
      revokedAt: null,
    });
    return this.issue(user, sessionId, expiresAt, now);
  }

  private async issue(
    user: UserDoc,
    sessionId: string,
    familyExpiresAt: number,
    now: number,
  ): Promise<SessionOut> {
    const refreshToken = this.deps.random.token(REFRESH_TOKEN_BYTES);
    const expiresAt = refreshExpiry(now, familyExpiresAt);
    await this.deps.repos.refreshTokens.insertOne({
      _id: sha256Base64url(refreshToken),
      sessionId,
      userId: user._id,
      issuedAt: now,
      expiresAt,
      usedAt: null,
    });
    return {
      accessToken: await this.accessToken(user, sessionId, now),
      expiresIn: ACCESS_TOKEN_TTL_SEC,
      tokenType: 'Bearer',
      refreshToken,
      refreshExpiresAtMs: expiresAt,
      user: userOut(user),
    };
  }

  private async find(refreshToken: string): Promise<RefreshTokenDoc | null> {
    if (refreshToken === '' || refreshToken.length > 512) return null;
    return this.deps.repos.refreshTokens.findOne({ _id: sha256Base64url(refreshToken) });
  }

  /**
   * Exchanges a refresh token for a new session state. The first use spends it; a use within the
   * overlap after that (a lost answer) gets a sibling token; any later use revokes the family.
   */
  async refresh(refreshToken: string): Promise<SessionOut> {
    const { repos, clock } = this.deps;
    const now = clock.now();
    const token = await this.find(refreshToken);
    if (token === null) throw appError('REFRESH_TOKEN_INVALID', SESSION_MESSAGES.ended);
    const family = await repos.sessions.findOne({ _id: token.sessionId });
    const overlap = this.deps.tokens.refreshOverlapMs;
    let decision = decideRefresh(token, family, now, overlap);
    if (decision === 'ok') {
      // spend it: only one caller moves usedAt from null, so the overlap counts from the first use
      const spent = await repos.refreshTokens.updateOne(
        { _id: token._id, usedAt: null },
        { $set: { usedAt: now } },
      );
      if (spent.modifiedCount !== 1) {
        // another use spent it meanwhile: judge this one as what it now is
        const now2 = await repos.refreshTokens.findOne({ _id: token._id });
        decision = now2 === null ? 'revoked' : decideRefresh(now2, family, now, overlap);
      }
    }
    if (decision === 'reused') await this.reused(token);
    if (decision === 'revoked') throw appError('REFRESH_TOKEN_INVALID', SESSION_MESSAGES.ended);
    if (decision === 'expired') throw appError('REFRESH_TOKEN_EXPIRED', SESSION_MESSAGES.expired);
    if (decision === 'overlap') {
      this.deps.logger.info(
        { userId: token.userId, sessionId: token.sessionId },
        'refresh token used again within its overlap',
      );
    }
    const user = await repos.users.findOne({ _id: token.userId });
    if (user === null) throw appError('REFRESH_TOKEN_INVALID', SESSION_MESSAGES.ended);
    return this.issue(user, token.sessionId, family!.expiresAt, now);
  }

  /** A spent token presented after its overlap: it was copied, so the whole family ends. */
  private async reused(token: RefreshTokenDoc): Promise<never> {
    await this.revokeSession(token.sessionId, token.userId, this.deps.clock.now(), 'refresh_reuse');
    this.deps.logger.warn(
      { userId: token.userId, sessionId: token.sessionId },
      'refresh token reused: session revoked',
    );
    throw appError('REFRESH_TOKEN_INVALID', SESSION_MESSAGES.ended);
  }

  /** Ends the session the refresh token belongs to (used or not). */
  async logout(refreshToken: string): Promise<void> {
    const token = await this.find(refreshToken);
    if (token === null) throw appError('REFRESH_TOKEN_INVALID', 'Unknown session');
    await this.revokeSession(token.sessionId, token.userId, this.deps.clock.now(), 'logout');
  }

  /** Ends one session and announces it (only the call that ended it announces). */
  async revokeSession(sessionId: string, userId: string, now: number, reason: RevokeReason): Promise<void> {
    const r = await this.deps.repos.sessions.updateOne(
      { _id: sessionId, revokedAt: null },
      { $set: { revokedAt: now } },
    );
    if (r.modifiedCount === 1) {
      await this.deps.events.revoked({ userId, sessionIds: [sessionId], reason, revokedAt: now });
    }
  }

  /** Ends every session of a user (after a password reset) and announces them. */
  async revokeAll(userId: string, now: number, reason: RevokeReason): Promise<number> {
    const { sessions } = this.deps.repos;
    const r = await sessions.updateMany({ userId, revokedAt: null }, { $set: { revokedAt: now } });
    if (r.modifiedCount > 0) {
      const ended = await sessions.find({ userId, revokedAt: now }, { projection: { _id: 1 } });
      const sessionIds = ended.map((d) => d._id);
      await this.deps.events.revoked({ userId, sessionIds, reason, revokedAt: now });
    }
    return r.modifiedCount;
  }

  /** GetSessionStatus: whether a session is live (not revoked, not past its end). */
  async status(sessionId: string): Promise<{ active: boolean; revokedAtMs: number }> {
    if (sessionId === '' || sessionId.length > 128) return { active: false, revokedAtMs: 0 };
    const doc = await this.deps.repos.sessions.findOne({ _id: sessionId });
    if (doc === null) return { active: false, revokedAtMs: 0 };
    const active = doc.revokedAt === null && this.deps.clock.now() < doc.expiresAt;
    return { active, revokedAtMs: doc.revokedAt ?? 0 };
  }
}
