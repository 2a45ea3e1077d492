// Test support for the API client: a scripted fetch, a controllable clock and recorded sleeps.
// Used by *.test.ts files only.
import { AuthStore } from '../auth/auth-store.js';
import { ApiClient, type ApiClientOptions } from './client.js';

export interface RecordedCall {
  method: string;
  /** Path after the /api base, with query string. */
  path: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | null;
  cache: RequestCache | undefined;
}

/** A reply: a Response, an Error to reject with (network failure), or 'hang' to wait for abort. */
export type Reply = Response | Error | 'hang';
export type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

export function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });
}

export function raw(status: number, text: string | null): Response {
  return new Response(text, { status });
}

export function csrfBody(token: string, expiresIn = 3600): unknown {
  return { success: true, data: { csrfToken: token, expires: null, expiresIn } };
}

export function tokenBody(accessToken: string, expiresIn = 900): unknown {
  return { access_token: accessToken, expires_in: expiresIn, token_type: 'Bearer' };
}

/**
 * Routes by "METHOD /path" (query string ignored). Each route holds a queue of replies (the last one
 * repeats) or a handler function. An unrouted call fails the test with a 599 reply naming it.
 */
export function routes(table: Record<string, Reply[] | Handler>): Handler {
  const queues = new Map(Object.entries(table).map(([k, v]) => [k, Array.isArray(v) ? [...v] : v]));
  return (call) => {
    const key = `${call.method} ${call.path.split('?')[0]}`;
    const entry = queues.get(key);
    if (entry === undefined) return json(599, { message: `unexpected call ${key}` });
    if (typeof entry === 'function') return entry(call);
    if (entry.length > 1) return entry.shift() as Reply;
    const last = entry[0];
    if (last === undefined) return json(599, { message: `no reply for ${key}` });
    // The last reply repeats; a Response body can be read once, so hand out copies.
    return last instanceof Response ? last.clone() : last;
  };
}

export function createHarness(handler: Handler, options: Partial<ApiClientOptions> = {}) {
  const calls: RecordedCall[] = [];
  const sleeps: number[] = [];
  const clock = { now: 1_700_000_000_000 };
  const now = () => clock.now;
  const auth = options.auth ?? new AuthStore({ now });
  const fetchImpl = async (input: string, init: RequestInit): Promise<Response> => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      path: input.replace(/^\/api/, ''),
      headers,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      credentials: init.credentials,
      signal: init.signal ?? null,
      cache: init.cache,
    };
    calls.push(call);
    const reply = await handler(call);
    if (reply === 'hang') {
      return new Promise<Response>((_, reject) => {
        call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    if (reply instanceof Error) throw reply;
    return reply;
  };
  const client = new ApiClient({
    auth,
    fetch: fetchImpl,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    now,
    ...options,
  });
  return {
    client,
    auth,
    calls,
    sleeps,
    advance(ms: number) {
      clock.now += ms;
    },
    /** Calls other than the CSRF token fetches. */
    appCalls: () => calls.filter((c) => !c.path.startsWith('/csrf/')),
  };
}

export const SIGNED_IN_USER = {
  id: 'u1',
  username: 'ada',
  email: 'ada@example.com',
  needsUsernameSelection: false,
};
