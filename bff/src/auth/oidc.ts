/**
 * OpenID Connect sign-in with openid-client: authorization code flow with PKCE (S256), state and
 * nonce. What a pending sign-in must remember (verifier, state, nonce, redirect URI) is kept in the
 * key-value store for 10 minutes under a random id that only this browser holds (an HttpOnly
 * cookie); the callback consumes it exactly once. openid-client checks the state, the `iss`
 * parameter, the code exchange with the verifier, and the ID token's issuer, audience, expiry,
 * nonce and (non-repudiation checks on) its signature against the provider's published keys.
 */
import { randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import { SingleFlight, type KeyValueStore } from '@tessera/kit';
import type { Logger } from 'pino';
import type { OidcSettings } from '../config.js';

/** How long a started sign-in may take. */
export const OIDC_FLOW_TTL_MS = 10 * 60_000;
const SCOPE = 'openid email profile';
const DISCOVERY_TIMEOUT_SEC = 10;
/** After a failed discovery, wait this long before asking the provider again. */
const DISCOVERY_RETRY_MS = 5_000;

interface PendingFlow {
  verifier: string;
  state: string;
  nonce: string;
  redirectUri: string;
}

/** The verified identity the provider vouched for. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export class OidcError extends Error {
  override readonly name = 'OidcError';
}

function flowKey(id: string): string {
  return `bff:oidc:flow:${id}`;
}

function parseFlow(raw: string): PendingFlow | null {
  try {
    const v = JSON.parse(raw) as Partial<PendingFlow>;
    if (
      typeof v.verifier === 'string' &&
      typeof v.state === 'string' &&
      typeof v.nonce === 'string' &&
      typeof v.redirectUri === 'string'
    ) {
      return v as PendingFlow;
    }
  } catch {
    // fall through
  }
  return null;
}

export class OidcSignIn {
  /** The discovered configuration: one discovery at a time, kept once it succeeded. */
  private readonly discovered = new SingleFlight<'config', client.Configuration>({ ttlMs: Infinity });
  private failedAt = Number.NEGATIVE_INFINITY;

  constructor(
    readonly settings: OidcSettings,
    private readonly kv: KeyValueStore,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** The provider's discovered configuration (cached; a failure is retried after 5 s). */
  configuration(): Promise<client.Configuration> {
    const known = this.discovered.peek('config') ?? this.discovered.pending('config');
    if (known === undefined && this.now() - this.failedAt < DISCOVERY_RETRY_MS) {
      return Promise.reject(new OidcError('provider discovery failed recently'));
    }
    return this.discovered.run('config', () => this.discover());
  }

  private async discover(): Promise<client.Configuration> {
    const issuer = new URL(this.settings.issuer);
    const execute = [client.enableNonRepudiationChecks];
    // http only for a loopback issuer (settings refuse others): local test providers
    if (issuer.protocol === 'http:') execute.push(client.allowInsecureRequests);
    try {
      return await client.discovery(
        issuer,
        this.settings.clientId,
        this.settings.clientSecret,
        client.ClientSecretPost(this.settings.clientSecret),
        { execute, timeout: DISCOVERY_TIMEOUT_SEC },
      );
    } catch (err) {
      this.logger.warn({ err, issuer: this.settings.issuer }, 'OpenID provider discovery failed');
      this.failedAt = this.now();
      throw err;
    }
  }

  /** Starts a sign-in: returns the provider URL and the id to put in the browser's cookie. */
  async start(redirectUri: string): Promise<{ url: string; flowId: string }> {
    const config = await this.configuration();
    const verifier = client.randomPKCECodeVerifier();
    const flow: PendingFlow = {
      verifier,
      state: client.randomState(),
      nonce: client.randomNonce(),
      redirectUri,
    };
    const flowId = randomBytes(32).toString('base64url');
    await this.kv.set(flowKey(flowId), JSON.stringify(flow), { ttlMs: OIDC_FLOW_TTL_MS });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { url: url.href, flowId };
  }

  /**
   * Completes the sign-in bound to `flowId` with the provider's redirect (`query` is the callback's
   * raw query string). The pending flow is consumed whether or not this succeeds.
   */
  async finish(flowId: string, query: string): Promise<OidcIdentity> {
    const key = flowKey(flowId);
    const raw = await this.kv.get(key);
    if (raw === null || !(await this.kv.compareAndDelete(key, raw))) {
      throw new OidcError('no pending sign-in for this browser (expired or already used)');
    }
    const flow = parseFlow(raw);
    if (flow === null) throw new OidcError('unreadable pending sign-in');
    const config = await this.configuration();
    const currentUrl = new URL(flow.redirectUri);
    currentUrl.search = query;
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims || typeof claims.sub !== 'string' || claims.sub === '') {
      throw new OidcError('the provider returned no ID token subject');
    }
    let email = typeof claims.email === 'string' ? claims.email : '';
    let verified: unknown = claims.email_verified;
    let name = typeof claims.name === 'string' ? claims.name : '';
    if (email === '') {
      // providers that keep scope claims out of the ID token answer them at the userinfo endpoint
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      email = typeof info.email === 'string' ? info.email : '';
      verified = info.email_verified;
      if (name === '' && typeof info.name === 'string') name = info.name;
    }
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email,
      emailVerified: verified === true || verified === 'true',
      name,
    };
  }
}

const instances = new WeakMap<OidcSettings, OidcSignIn>();

/** The sign-in client of these settings (one per app, so discovery is cached). */
export function oidcSignInFor(
  settings: OidcSettings,
  kv: KeyValueStore,
  logger: Logger,
  now: () => number,
): OidcSignIn {
  let s = instances.get(settings);
  if (!s) {
    s = new OidcSignIn(settings, kv, logger, now);
    instances.set(settings, s);
  }
  return s;
}
