/**
 * Defaults and validation of the bus options, and the retry policy, shared by every adapter so they
 * behave alike. Pure functions.
 */
import { cappedExponential } from '../async/retry.js';
import type { ConsumeOptions, PublishOptions, SubscribeOptions } from './port.js';
import { assertDurable, assertPatterns, assertSubject, BusError } from './subjects.js';

export const DEFAULT_ACK_WAIT_MS = 30_000;
export const DEFAULT_MAX_DELIVER = 5;
export const DEFAULT_CONCURRENCY = 16;
export const MIN_ACK_WAIT_MS = 100;
export const MAX_ACK_WAIT_MS = 12 * 3600_000;
export const MAX_DELIVER_LIMIT = 1000;
export const MAX_CONCURRENCY = 1024;
/** Largest payload (NATS's default max_payload is 1 MiB; headers count too). */
export const MAX_DATA_BYTES = 1024 * 1024 - 64 * 1024;
export const MAX_MSG_ID_LENGTH = 256;
export const MAX_HEADERS = 32;
/** First nak delay; doubles with each delivery, capped by the ack wait and NAK_DELAY_CAP_MS. */
export const NAK_BASE_DELAY_MS = 100;
export const NAK_DELAY_CAP_MS = 30_000;

export interface ResolvedConsumeOptions {
  durable: string;
  subjects: string[];
  ackWaitMs: number;
  maxDeliver: number;
  concurrency: number;
}

function intIn(value: unknown, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new BusError(`${name} must be an integer between ${min} and ${max} (got ${String(value)})`);
  }
  return value;
}

/** Validates consume options and fills in the defaults; throws BusError naming the bad option. */
export function resolveConsumeOptions(o: Omit<ConsumeOptions, 'handler'>): ResolvedConsumeOptions {
  assertDurable(o.durable);
  assertPatterns(o.subjects);
  return {
    durable: o.durable,
    subjects: [...new Set(o.subjects)],
    ackWaitMs: intIn(o.ackWaitMs, 'ackWaitMs', MIN_ACK_WAIT_MS, MAX_ACK_WAIT_MS, DEFAULT_ACK_WAIT_MS),
    maxDeliver: intIn(o.maxDeliver, 'maxDeliver', 1, MAX_DELIVER_LIMIT, DEFAULT_MAX_DELIVER),
    concurrency: intIn(o.concurrency, 'concurrency', 1, MAX_CONCURRENCY, DEFAULT_CONCURRENCY),
  };
}

/** Validates subscribe options; returns the subjects (deduplicated) and the replay start (0: new only). */
export function resolveSubscribeOptions(o: Omit<SubscribeOptions, 'handler'>): {
  subjects: string[];
  fromSeq: number;
} {
  assertPatterns(o.subjects);
  const fromSeq = intIn(o.fromSeq, 'fromSeq', 0, Number.MAX_SAFE_INTEGER, 0);
  return { subjects: [...new Set(o.subjects)], fromSeq };
}

const HEADER_NAME = /^[!-9;-~]+$/;

/** Validates a publish (subject, payload, id, headers); throws BusError naming the problem. */
export function assertPublish(subject: unknown, data: unknown, options: PublishOptions | undefined): void {
  assertSubject(subject);
  if (!(data instanceof Uint8Array)) throw new BusError('data must be a Uint8Array');
  if (data.byteLength > MAX_DATA_BYTES) throw new BusError(`data is larger than ${MAX_DATA_BYTES} bytes`);
  const msgId = options?.msgId;
  if (
    typeof msgId !== 'string' ||
    msgId.length === 0 ||
    msgId.length > MAX_MSG_ID_LENGTH ||
    /[\r\n]/.test(msgId)
  ) {
    throw new BusError(
      `msgId must be a non-empty single-line string of at most ${MAX_MSG_ID_LENGTH} characters`,
    );
  }
  const headers: unknown = options?.headers ?? {};
  if (typeof headers !== 'object' || headers === null) throw new BusError('headers must be an object');
  const entries = Object.entries(headers);
  if (entries.length > MAX_HEADERS) throw new BusError(`at most ${MAX_HEADERS} headers`);
  for (const [k, v] of entries) {
    if (!HEADER_NAME.test(k) || /^nats-/i.test(k))
      throw new BusError(`invalid or reserved header name '${k}'`);
    if (typeof v !== 'string' || /[\r\n]/.test(v) || v.length > 4096) {
      throw new BusError(`header '${k}' must be a single-line string of at most 4096 characters`);
    }
  }
}

/**
 * How long a nak'ed message waits before it is delivered again: 100 ms, doubling per delivery,
 * never longer than the ack wait (so a nak is never slower than a lost ack) or 30 s.
 */
export function nakDelayMs(deliveryCount: number, ackWaitMs: number): number {
  return cappedExponential(
    Math.floor(deliveryCount) - 1,
    NAK_BASE_DELAY_MS,
    Math.min(ackWaitMs, NAK_DELAY_CAP_MS),
  );
}
