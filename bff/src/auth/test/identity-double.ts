/**
 * A small stand-in for the identity service for the BFF's own tests (the integration tests in
 * integration/auth use the real one): a real Connect server on loopback that publishes a signing
 * key, signs access tokens with it (each naming its session in `sid`), keeps refresh tokens with
 * rotation and reuse detection, and answers GetSessionStatus (a logout ends the session).
 */
import { create } from '@bufbuild/protobuf';
import type { ConnectRouter } from '@connectrpc/connect';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { EXCHANGE_INVALID_MESSAGE } from '@tessera/facts/oauth';
import { appError, type RpcServer } from '@tessera/kit';
import { startTestRpcServer } from '@tessera/kit/testing';
import {
  IdentityService,
  SessionSchema,
  UserSchema,
  type User,
} from '@tessera/proto/tessera/identity/v1/identity_pb.js';

export const ISSUER = 'tessera-identity-test';
export const AUDIENCE = 'tessera-bff-test';
export const ALG = 'ES256';
export const PASSWORD = 'correct horse battery';

export interface IdentityDouble {
  url: string;
  users: Map<string, User>;
  /** Calls received, by method name. */
  calls: string[];
  /** An access token for the user; its session is `opts.sid` (default `s-<userId>`). */
  sign(userId: string, opts?: SignOptions): Promise<string>;
  /** Sessions ended (logout, or by the test); GetSessionStatus answers false for them. */
  endedSessions: Set<string>;
  close(): Promise<void>;
}

export interface SignOptions {
  expSec?: number;
  audience?: string;
  iatSec?: number;
  sid?: string;
}

export async function startIdentityDouble(): Promise<IdentityDouble> {
  const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-1', alg: ALG, use: 'sig' };
  const users = new Map<string, User>();
  users.set('u1', create(UserSchema, { id: 'u1', username: 'ada', email: 'ada@example.com' }));
  const refresh = new Map<string, { userId: string; sid: string; used: boolean }>();
  const endedSessions = new Set<string>();
  const calls: string[] = [];
  const exchange = new Map<string, { userId: string; expiresAt: number }>();
  let n = 0;

  const sign = (userId: string, opts: SignOptions = {}) => signWith(privateKey, userId, opts);

  const session = async (userId: string, sid = `s-${++n}-${Math.random().toString(36).slice(2)}`) => {
    const refreshToken = `rt-${++n}-${Math.random().toString(36).slice(2)}`;
    refresh.set(refreshToken, { userId, sid, used: false });
    return create(SessionSchema, {
      accessToken: await sign(userId, { sid }),
      expiresIn: 900,
      tokenType: 'Bearer',
      refreshToken,
      refreshExpiresAtMs: Date.now() + 7 * 24 * 3600_000,
      user: users.get(userId),
    });
  };

  const routes = (router: ConnectRouter) =>
    router.service(IdentityService, {
      getSigningKeys() {
        calls.push('getSigningKeys');
        return {
          jwksJson: JSON.stringify({ keys: [jwk] }),
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithm: ALG,
        };
      },
      async login(req) {
        calls.push('login');
        const user = [...users.values()].find((u) => u.email === req.email.toLowerCase());
        if (!user || req.password !== PASSWORD) {
          throw appError('INVALID_CREDENTIALS', "Email or password doesn't look right");
        }
        return { session: await session(user.id) };
      },
      async refresh(req) {
        calls.push('refresh');
        const entry = refresh.get(req.refreshToken);
        if (!entry || entry.used) throw appError('REFRESH_TOKEN_INVALID', 'Refresh token is not valid');
        entry.used = true;
        return { session: await session(entry.userId, entry.sid) };
      },
      logout(req) {
        calls.push('logout');
        const entry = refresh.get(req.refreshToken);
        if (entry) endedSessions.add(entry.sid);
        refresh.delete(req.refreshToken);
        return {};
      },
      getSessionStatus(req) {
        calls.push('getSessionStatus');
        const active = req.sessionId !== '' && !endedSessions.has(req.sessionId);
        return { active, revokedAtMs: 0 };
      },
      getUser(req) {
        calls.push('getUser');
        const user = users.get(req.userId);
        if (!user) throw appError('USER_NOT_FOUND', 'User not found');
        return { user };
      },
      getUsers(req) {
        calls.push('getUsers');
        return {
          users: req.userIds.flatMap((id) => {
            const u = users.get(id);
            return u ? [{ id: u.id, username: u.username, pixelsAnonymous: u.pixelsAnonymous }] : [];
          }),
        };
      },
      signInWithOidc(req) {
        calls.push('signInWithOidc');
        const id = `oidc:${req.issuer}|${req.subject}`;
        if (!users.has(id)) {
          users.set(
            id,
            create(UserSchema, { id, email: req.email, username: '', needsUsernameSelection: true }),
          );
        }
        const exchangeToken = `xt-${++n}-${Math.random().toString(36).slice(2)}`;
        exchange.set(exchangeToken, { userId: id, expiresAt: Date.now() + 60_000 });
        return { exchangeToken, expiresIn: 60 };
      },
      async redeemExchangeToken(req) {
        calls.push('redeemExchangeToken');
        const entry = exchange.get(req.exchangeToken);
        exchange.delete(req.exchangeToken);
        if (!entry || entry.expiresAt < Date.now()) throw appError('INVALID_TOKEN', EXCHANGE_INVALID_MESSAGE);
        const s = await session(entry.userId);
        return { session: s, needsUsernameSelection: s.user?.needsUsernameSelection ?? false };
      },
      updateUsername(req) {
        calls.push('updateUsername');
        const user = users.get(req.userId);
        if (!user) throw appError('USER_NOT_FOUND', 'User not found');
        if (!user.needsUsernameSelection) throw appError('CONFLICT', 'Username can only be set once');
        user.username = req.username;
        user.needsUsernameSelection = false;
        return { user };
      },
      setPixelPrivacy(req) {
        calls.push('setPixelPrivacy');
        const user = users.get(req.userId);
        if (!user) throw appError('USER_NOT_FOUND', 'User not found');
        user.pixelsAnonymous = req.pixelsAnonymous;
        return { user };
      },
      requestPasswordReset() {
        calls.push('requestPasswordReset');
        return {};
      },
    });

  const server: RpcServer = await startTestRpcServer({ name: 'identity-double', routes });
  return { url: server.url, users, calls, sign, endedSessions, close: () => server.close(0) };
}

function signWith(key: CryptoKey, userId: string, opts: SignOptions): Promise<string> {
  const iat = opts.iatSec ?? Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: opts.sid ?? `s-${userId}` })
    .setProtectedHeader({ alg: ALG, kid: 'test-1' })
    .setIssuer(ISSUER)
    .setAudience(opts.audience ?? AUDIENCE)
    .setSubject(userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (opts.expSec ?? 900))
    .sign(key);
}
