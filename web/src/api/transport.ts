// One HTTP exchange with a timeout, and reading its body as JSON with the spec's error texts.
import { ApiError, CLIENT_CODES, GENERIC_MESSAGES, timeoutMessage } from './errors.js';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/**
 * Runs fetch with a timeout. Rejects with ApiError TIMEOUT ("Request timeout after {n}ms"),
 * ABORTED when the caller's signal fired, or NETWORK_ERROR when no response arrived.
 */
export async function fetchWithTimeout(
  fetchImpl: FetchLike,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Response> {
  if (signal?.aborted) {
    throw new ApiError({ code: CLIENT_CODES.aborted, status: 0, message: GENERIC_MESSAGES.aborted });
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await fetchImpl(url, { ...init, signal: controller.signal });
  } catch (cause) {
    if (timedOut) {
      throw new ApiError({
        code: CLIENT_CODES.timeout,
        status: 0,
        message: timeoutMessage(timeoutMs),
        cause,
      });
    }
    if (signal?.aborted) {
      throw new ApiError({ code: CLIENT_CODES.aborted, status: 0, message: GENERIC_MESSAGES.aborted, cause });
    }
    throw new ApiError({ code: CLIENT_CODES.network, status: 0, message: GENERIC_MESSAGES.network, cause });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

export type ParsedBody = { kind: 'empty' } | { kind: 'json'; value: unknown } | { kind: 'invalid' };

export function parseBodyText(text: string): ParsedBody {
  if (text.trim() === '') return { kind: 'empty' };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'invalid' };
  }
}

/** Reads the whole body; a connection dropped mid-body counts as a network error. */
export async function readBody(response: Response): Promise<ParsedBody> {
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    throw new ApiError({ code: CLIENT_CODES.network, status: 0, message: GENERIC_MESSAGES.network, cause });
  }
  return parseBodyText(text);
}

/** The value of a successful response: 204/205 and HEAD have none; otherwise JSON is required. */
export function successValue(response: Response, method: string, body: ParsedBody): unknown {
  if (response.status === 204 || response.status === 205 || method === 'HEAD') return null;
  if (body.kind === 'json') return body.value;
  const which = body.kind === 'empty' ? 'emptyResponse' : 'invalidJson';
  throw new ApiError({
    code: CLIENT_CODES[which],
    status: response.status,
    statusText: response.statusText,
    message: GENERIC_MESSAGES[which],
  });
}
