import type { ConnectRouter } from '@connectrpc/connect';
import { IdentityService as IdentityRpc } from '@tessera/proto/tessera/identity/v1/identity_pb.js';
import type { IdentityService } from './service/identity-service.js';

/** The identity service's RPCs, mapped onto the service object. */
export function routes(core: IdentityService): (router: ConnectRouter) => void {
  return (router) =>
    router.service(IdentityRpc, {
      register: async (req) => ({ session: await core.accounts.register(req) }),
      login: async (req) => ({ session: await core.accounts.login(req) }),
      refresh: async (req) => ({ session: await core.sessions.refresh(req.refreshToken) }),
      logout: async (req) => {
        await core.sessions.logout(req.refreshToken);
        return {};
      },
      getUser: async (req) => ({ user: await core.accounts.getUser(req.userId) }),
      getUsers: async (req) => ({ users: await core.accounts.getUsers(req.userIds) }),
      updateUsername: async (req) => ({ user: await core.accounts.updateUsername(req.userId, req.username) }),
      requestPasswordReset: async (req) => {
        await core.reset.request(req.email);
        return {};
      },
      resetPassword: async (req) => {
        await core.reset.reset(req);
        return {};
      },
      signInWithOidc: (req) => core.oidc.signIn(req),
      redeemExchangeToken: (req) => core.oidc.redeem(req.exchangeToken),
      getSigningKeys: () => core.signingKeys(),
      getSessionStatus: (req) => core.sessions.status(req.sessionId),
      sendEmailVerification: (req) => core.verification.send(req.userId),
      confirmEmailVerification: async (req) => {
        await core.verification.confirm(req.userId, req.code);
        return {};
      },
      setPixelPrivacy: async (req) => ({
        user: await core.accounts.setPixelPrivacy(req.userId, req.pixelsAnonymous),
      }),
      getVerifiedUsers: async (req) => ({ userIds: await core.verification.verifiedAmong(req.userIds) }),
    });
}

/** The registered services' names (grpc.health.v1 reports each). */
export const SERVICES = [IdentityRpc.typeName];
