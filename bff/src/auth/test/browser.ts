/**
 * A minimal browser for HTTP tests: a cookie jar that honours Max-Age=0 deletions, an Origin and
 * Sec-Fetch-Site like a page of the app would send, the CSRF header on state-changing calls, and
 * manual redirects. The bad-input suites send exact bytes with the same browser
 * (testing/raw-http.ts, RawBrowser), through headersFor and absorb.
 */
import { CookieJar } from './cookie-jar.mjs';

/** Methods that change nothing: no CSRF token goes with them (the BFF's CSRF check skips them). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface BrowserResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON body (undefined when the body is not JSON). */
  body: Record<string, unknown> & { data?: unknown };
  setCookies: string[];
}

export interface BrowserRequest {
  body?: unknown;
  headers?: Record<string, string>;
  bearer?: string;
  /** Send X-CSRF-Token (fetched on first need). Default: true for POST/PUT/PATCH/DELETE. */
  csrf?: boolean;
}

export class Browser {
  readonly cookies = new CookieJar();
  csrfToken: string | undefined;
  /** Origin and Sec-Fetch-Site sent with every request; null sends neither (curl, k6). */
  origin: string | null;
  /** Headers sent with every request (e.g. X-Forwarded-Proto from a proxy). */
  readonly extraHeaders: Record<string, string> = {};

  constructor(
    readonly base: string,
    opts: { origin?: string | null } = {},
  ) {
    this.origin = opts.origin === undefined ? base : opts.origin;
  }

  cookieHeader(): string {
    return this.cookies.header();
  }

  /** Stores the cookies of a response; like the web client, a new session id means a new CSRF token. */
  absorb(setCookies: string[]): void {
    if (this.cookies.absorb(setCookies)) this.csrfToken = undefined;
  }

  /** This browser's CSRF token, fetched on first need. */
  csrf(): Promise<string> {
    return this.csrfToken === undefined ? this.fetchCsrf() : Promise.resolve(this.csrfToken);
  }

  async fetchCsrf(): Promise<string> {
    const res = await this.request('GET', '/api/csrf/csrf-token');
    const data = res.body.data as { csrfToken: string };
    this.csrfToken = data.csrfToken;
    return this.csrfToken;
  }

  /**
   * What a page of the app sends with a `method` call: Origin and Sec-Fetch-Site, the extra headers,
   * the CSRF token (fetched on first need; by default on any method but GET, HEAD and OPTIONS) and
   * the cookies.
   */
  async headersFor(method: string, opts: { csrf?: boolean } = {}): Promise<Record<string, string>> {
    const headers: Record<string, string> = {};
    if (this.origin !== null) {
      headers.origin = this.origin;
      headers['sec-fetch-site'] =
        new URL(this.origin).origin === new URL(this.base).origin ? 'same-origin' : 'cross-site';
    }
    Object.assign(headers, this.extraHeaders);
    if (opts.csrf ?? !SAFE_METHODS.has(method.toUpperCase())) headers['x-csrf-token'] = await this.csrf();
    const cookie = this.cookieHeader();
    if (cookie !== '') headers.cookie = cookie;
    return headers;
  }

  async request(method: string, path: string, req: BrowserRequest = {}): Promise<BrowserResponse> {
    // the request's own headers override the page's, but not its CSRF token and cookies
    const { 'x-csrf-token': csrf, cookie, ...page } = await this.headersFor(method, { csrf: req.csrf });
    const headers: Record<string, string> = { accept: 'application/json', ...page, ...req.headers };
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    if (req.bearer !== undefined) headers.authorization = `Bearer ${req.bearer}`;
    if (csrf !== undefined) headers['x-csrf-token'] = csrf;
    if (cookie !== undefined) headers.cookie = cookie;
    const res = await fetch(new URL(path, this.base), {
      method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      redirect: 'manual',
    });
    const setCookies = res.headers.getSetCookie();
    this.absorb(setCookies);
    const text = await res.text();
    let body: BrowserResponse['body'];
    try {
      body = text === '' ? {} : (JSON.parse(text) as BrowserResponse['body']);
    } catch {
      body = {};
    }
    return { status: res.status, headers: res.headers, body, setCookies };
  }
}

export interface NewUser {
  username: string;
  email: string;
  password: string;
}

/**
 * Signs `account` up through POST /api/auth/register in browser `b` (its CSRF token and cookies:
 * afterwards it holds the new session). Answers the account with the id the server gave it, the
 * access token and the response; throws unless 201.
 */
export async function registerUser(
  b: Browser,
  account: NewUser,
): Promise<{ user: NewUser & { id: string }; token: string; res: BrowserResponse }> {
  const res = await b.request('POST', '/api/auth/register', { body: account });
  if (res.status !== 201)
    throw new Error(`sign-up of ${account.username} answered ${res.status}: ${JSON.stringify(res.body)}`);
  const { id } = res.body.user as { id: string };
  return { user: { ...account, id }, token: String(res.body.access_token), res };
}
