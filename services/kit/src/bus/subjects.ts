/**
 * Subject, pattern and consumer-name rules shared by every adapter, so a bad argument fails the same
 * way everywhere (and never reaches a server as a malformed subject).
 */
import { SUBJECT_PREFIX, subjectMatches } from './port.js';

/** A bad argument to the bus (subject, pattern, durable name, option). */
export class BusError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BusError';
  }
}

const MAX_SUBJECT_LENGTH = 256;
const TOKEN = /^[^\s.*>]+$/;

function shape(value: unknown, what: string): string[] {
  if (typeof value !== 'string' || value.length === 0)
    throw new BusError(`${what} must be a non-empty string`);
  if (value.length > MAX_SUBJECT_LENGTH)
    throw new BusError(`${what} is longer than ${MAX_SUBJECT_LENGTH} characters`);
  if (!value.startsWith(SUBJECT_PREFIX))
    throw new BusError(`${what} must start with '${SUBJECT_PREFIX}' (got '${value}')`);
  const tokens = value.split('.');
  if (tokens.length < 2 || tokens.some((t) => t === ''))
    throw new BusError(`${what} has an empty token (got '${value}')`);
  return tokens;
}

/** Throws BusError unless `subject` is a literal subject under SUBJECT_PREFIX (no wildcards). */
export function assertSubject(subject: unknown): asserts subject is string {
  const tokens = shape(subject, 'subject');
  if (!tokens.every((t) => TOKEN.test(t))) {
    throw new BusError(`subject must not contain wildcards or whitespace (got '${String(subject)}')`);
  }
}

/** Throws BusError unless `pattern` is a subject or a NATS pattern (`*` token, trailing `>`) under SUBJECT_PREFIX. */
export function assertPattern(pattern: unknown): asserts pattern is string {
  const tokens = shape(pattern, 'subject pattern');
  tokens.forEach((t, i) => {
    if (t === '*' || (t === '>' && i === tokens.length - 1)) return;
    if (!TOKEN.test(t)) throw new BusError(`invalid subject pattern '${String(pattern)}'`);
  });
}

/** Throws BusError unless `patterns` is a non-empty list of valid patterns. */
export function assertPatterns(patterns: unknown): asserts patterns is string[] {
  if (!Array.isArray(patterns) || patterns.length === 0)
    throw new BusError('subjects must be a non-empty list');
  for (const p of patterns) assertPattern(p);
}

const DURABLE = /^[A-Za-z0-9_-]{1,64}$/;

/** Durable names are also NATS consumer names: letters, digits, `_` and `-`, at most 64. */
export function assertDurable(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !DURABLE.test(name)) {
    throw new BusError(`durable name must be 1-64 letters, digits, '_' or '-' (got '${String(name)}')`);
  }
}

/**
 * The narrowest single pattern that covers every pattern given: the one pattern itself, or the
 * common leading literal tokens followed by `>` (at least `tessera.>`). Used where one server-side
 * filter must serve several subjects (then messages are filtered again on the client).
 */
export function coveringPattern(patterns: readonly string[]): string {
  const distinct = [...new Set(patterns)];
  if (distinct.length === 1) return distinct[0]!;
  const split = distinct.map((p) => p.split('.'));
  const minTokens = Math.min(...split.map((t) => t.length));
  let common = 0;
  while (
    common < minTokens - 1 &&
    split.every((t) => t[common] === split[0]![common] && t[common] !== '*' && t[common] !== '>')
  ) {
    common++;
  }
  return [...split[0]!.slice(0, Math.max(common, 1)), '>'].join('.');
}

/** True when `subject` matches at least one of the patterns. */
export function matchesAny(patterns: readonly string[], subject: string): boolean {
  return patterns.some((p) => subjectMatches(p, subject));
}
