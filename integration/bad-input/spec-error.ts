/**
 * The check of the spec's error body, for the bad-input suites and the tests of refused requests.
 * The raw client that sends the requests is testing/raw-http.ts.
 */
import { expect } from 'vitest';
import { ERROR_BODY_FIELDS } from '@tessera/kit/testing';
import type { Got } from '../../testing/raw-http.js';

/** Traces of internals that must never reach a client. */
const LEAKS = [
  /\n\s+at /,
  /\/work\//,
  /node_modules/,
  /\.ts:\d+/,
  /\bError:/,
  /\[object /,
  /undefined/,
  // eslint-disable-next-line no-control-regex -- a NUL byte in a message is exactly what is looked for
  /\u0000/,
];

/**
 * The spec's error body (services/kit errorBody) with a 4xx: success false, a clear non-empty
 * message (short, no stack, no internal paths), an error code, statusCode equal to the HTTP status,
 * an ISO timestamp and a field (null or a name).
 */
export function expectSpecError(res: Got, what: string, want: { status?: number; code?: string } = {}): void {
  const where = `${what} -> ${res.status} ${res.text.slice(0, 200)}`;
  expect(res.status, where).toBeGreaterThanOrEqual(400);
  expect(res.status, where).toBeLessThan(500);
  if (want.status !== undefined) expect(res.status, where).toBe(want.status);
  expect(String(res.headers['content-type']), where).toMatch(/^application\/json/);
  const body = res.json as Record<string, unknown>;
  expect(body, where).toBeTypeOf('object');
  expect(Object.keys(body).sort(), where).toEqual(ERROR_BODY_FIELDS);
  expect(body.success, where).toBe(false);
  expect(body.statusCode, where).toBe(res.status);
  expect(body.error, where).toMatch(/^[A-Z][A-Z_]+$/);
  if (want.code !== undefined) expect(body.error, where).toBe(want.code);
  expect(body.field === null || typeof body.field === 'string', where).toBe(true);
  expect(typeof body.timestamp === 'string' && new Date(body.timestamp).toISOString(), where).toBe(
    body.timestamp,
  );
  const message = body.message as string;
  expect(typeof message, where).toBe('string');
  expect(message.trim().length, where).toBeGreaterThan(3);
  expect(message.length, where).toBeLessThanOrEqual(300);
  for (const leak of LEAKS) expect(message, where).not.toMatch(leak);
}
