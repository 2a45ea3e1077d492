/**
 * A real OpenID provider (oidc-provider, a certified implementation) on loopback for the sign-in
 * tests. Two confidential clients are registered: the BFF's and another application's. Logins are
 * completed automatically for the account the test picks. A test-only hook can replace the ID
 * token of the next token response (to hand the BFF a genuine token minted for someone else).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

export interface OidcAccount {
  sub: string;
  email: string;
  name: string;
}

export interface TestProvider {
  issuer: string;
  provider: Provider;
  clients: { bff: { id: string; secret: string }; other: { id: string; secret: string } };
  /** The account the next interaction signs in. */
  account: OidcAccount;
  /** Replaces the `id_token` of the next token response (once). */
  replaceNextIdToken: ((original: string) => Promise<string> | string) | undefined;
  close(): Promise<void>;
}

/**
 * Listens first (the BFF needs the issuer URL), then `configure` registers the clients once their
 * redirect URIs (the BFF's port) are known.
 */
export async function listenTestProvider(): Promise<{
  issuer: string;
  configure(bffRedirectUri: string, otherRedirectUri: string): Promise<TestProvider>;
  close(): Promise<void>;
}> {
  let handler: http.RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = http.createServer((req, res) => handler(req, res));
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return {
    issuer,
    close,
    async configure(bffRedirectUri, otherRedirectUri) {
      const p = await buildProvider(issuer, bffRedirectUri, otherRedirectUri);
      handler = p.provider.callback();
      p.close = close;
      return p;
    },
  };
}

async function buildProvider(
  issuer: string,
  bffRedirectUri: string,
  otherRedirectUri: string,
): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signing = { ...(await exportJWK(privateKey)), kid: 'provider-key-1', alg: 'RS256', use: 'sig' };
  const clients = {
    bff: { id: 'tessera-bff', secret: 'bff-secret-0123456789abcdef0123456789' },
    other: { id: 'other-app', secret: 'other-secret-0123456789abcdef01234567' },
  };
  const state: TestProvider = {
    issuer: '',
    provider: undefined as unknown as Provider,
    clients,
    account: { sub: 'google-sub-1', email: 'oidc.user@example.com', name: 'Oidc User' },
    replaceNextIdToken: undefined,
    close: async () => undefined,
  };
  const accounts = new Map<string, OidcAccount>();

  const configuration: Configuration = {
    clients: [
      {
        client_id: clients.bff.id,
        client_secret: clients.bff.secret,
        redirect_uris: [bffRedirectUri],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
      {
        client_id: clients.other.id,
        client_secret: clients.other.secret,
        redirect_uris: [otherRedirectUri],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [signing] },
    cookies: { keys: ['test-cookie-key-0123456789abcdef'] },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Grant: 600,
      Session: 600,
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const a = accounts.get(sub);
      if (!a) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: a.email, email_verified: true, name: a.name }),
      };
    },
  };

  const provider = new Provider(issuer, configuration);

  // complete every interaction at once: log in the chosen account and grant what was asked
  provider.use(async (ctx, next) => {
    const m = /^\/interaction\/([\w-]+)$/.exec(ctx.path);
    if (!m) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const account = state.account;
    accounts.set(account.sub, account);
    const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    const to = await provider.interactionResult(
      ctx.req,
      ctx.res,
      { login: { accountId: account.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    ctx.redirect(to);
  });

  // the test-only hook on token responses
  provider.use(async (ctx, next) => {
    await next();
    const replace = state.replaceNextIdToken;
    if (ctx.path === '/token' && replace && ctx.status === 200 && typeof ctx.body === 'object' && ctx.body) {
      state.replaceNextIdToken = undefined;
      const body = ctx.body as { id_token?: string };
      if (body.id_token) body.id_token = await replace(body.id_token);
    }
  });

  state.issuer = issuer;
  state.provider = provider;
  return state;
}
