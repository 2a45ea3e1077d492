/**
 * A minimal browser for HTTP tests: a cookie jar that honours Max-Age=0 deletions, an Origin and
 * Sec-Fetch-Site like a page of the app would send, the CSRF header on state-changing calls, and
 * manual redirects.
 */
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
  readonly cookies = new Map<string, string>();
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
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Stores the cookies of a response; deletions (Max-Age=0) remove them. */
  absorb(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
      // like the web client: a new session id (sign-in, sign-out) means a new CSRF token
      if (name.endsWith('tessera_sid')) this.csrfToken = undefined;
    }
  }

  async fetchCsrf(): Promise<string> {
    const res = await this.request('GET', '/api/csrf/csrf-token');
    const data = res.body.data as { csrfToken: string };
    this.csrfToken = data.csrfToken;
    return this.csrfToken;
  }

  async request(method: string, path: string, req: BrowserRequest = {}): Promise<BrowserResponse> {
    const unsafe = !['GET', 'HEAD'].includes(method);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.origin !== null) {
      headers.origin = this.origin;
      headers['sec-fetch-site'] =
        new URL(this.origin).origin === new URL(this.base).origin ? 'same-origin' : 'cross-site';
    }
    Object.assign(headers, this.extraHeaders, req.headers);
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    if (req.bearer !== undefined) headers.authorization = `Bearer ${req.bearer}`;
    if (req.csrf ?? unsafe) headers['x-csrf-token'] = this.csrfToken ?? (await this.fetchCsrf());
    const cookie = this.cookieHeader();
    if (cookie !== '') headers.cookie = cookie;
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
