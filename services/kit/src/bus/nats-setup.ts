/**
 * Setting up the NATS JetStream side of the bus: connecting (with a deadline and a clear error),
 * creating or updating the stream and the durable consumers, mapping JetStream messages and errors.
 * Used by nats.ts.
 */
import { randomUUID } from 'node:crypto';
import {
  AckPolicy,
  connect,
  DeliverPolicy,
  DiscardPolicy,
  ErrorCode,
  NatsError,
  nanos,
  RetentionPolicy,
  StorageType,
  type ConsumerInfo,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
  type StreamConfig,
} from 'nats';
import type { Logger } from '../log/logger.js';
import type { RetentionLimits } from './retention.js';
import type { ResolvedConsumeOptions } from './options.js';
import { SUBJECT_PREFIX, type BusMessage } from './port.js';
import { retrying } from '../async/retry.js';
import { BusError, coveringPattern } from './subjects.js';

/** JetStream API error codes (`err_code`) the adapter reacts to. */
const STREAM_NOT_FOUND = 10059;
const STREAM_NAME_IN_USE = 10058;
const CONSUMER_NOT_FOUND = 10014;

/** The stream and subject namespace one bus works in. */
export interface NatsNamespace {
  stream: string;
  /** Put before every subject on the wire ('' in production; a unique token + '.' isolates tests). */
  subjectPrefix: string;
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function apiErrorCode(err: unknown): number | undefined {
  return err instanceof NatsError ? err.api_error?.err_code : undefined;
}

export function isConsumerMissing(err: unknown): boolean {
  const msg = errorText(err);
  return (
    apiErrorCode(err) === CONSUMER_NOT_FOUND || msg === 'consumer not found' || msg === 'consumer deleted'
  );
}

/** True for failures worth retrying while the server restarts or a stream is (re)created. */
export function isTransientNatsError(err: unknown): boolean {
  if (!(err instanceof NatsError)) return false;
  return [
    ErrorCode.Timeout,
    ErrorCode.NoResponders,
    ErrorCode.Disconnect,
    ErrorCode.ConnectionRefused,
    ErrorCode.ConnectionTimeout,
  ].includes(err.code as ErrorCode);
}

/** The URL without its password (for error messages and logs). */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid url)';
  }
}

/**
 * Connects, retrying with backoff while the server refuses or does not answer, until `timeoutMs`
 * has passed; then throws a BusError naming the server. Once connected, the client reconnects by
 * itself for as long as the bus lives.
 */
export async function connectWithin(
  url: string,
  name: string,
  timeoutMs: number,
  auth: { user?: string; pass?: string; inboxPrefix?: string } = {},
): Promise<NatsConnection> {
  const deadline = Date.now() + timeoutMs;
  try {
    return await retrying(
      () =>
        connect({
          servers: url,
          name,
          timeout: Math.max(200, Math.min(deadline - Date.now(), 5000)),
          reconnect: true,
          maxReconnectAttempts: -1,
          reconnectTimeWait: 500,
          ...(auth.user ? { user: auth.user, pass: auth.pass } : {}),
          ...(auth.inboxPrefix ? { inboxPrefix: auth.inboxPrefix } : {}),
        }),
      { deadlineMs: timeoutMs, transient: isTransientNatsError },
    );
  } catch (err) {
    throw new BusError(
      `NATS at ${redactUrl(url)} is not reachable (waited ${timeoutMs} ms): ${errorText(err)}`,
    );
  }
}

export interface StreamSettings {
  duplicateWindowMs: number;
  retention: RetentionLimits;
}

/** Creates the stream, or updates it when its subjects, duplicate window or limits differ. */
export async function ensureStream(
  jsm: JetStreamManager,
  ns: NatsNamespace,
  settings: StreamSettings,
  logger: Logger,
): Promise<void> {
  const wanted: Partial<StreamConfig> = {
    subjects: [`${ns.subjectPrefix}${SUBJECT_PREFIX}>`],
    duplicate_window: nanos(settings.duplicateWindowMs),
    max_msgs: settings.retention.maxMessages,
    max_age: nanos(settings.retention.maxAgeMs),
  };
  let current: StreamConfig;
  try {
    current = (await jsm.streams.info(ns.stream)).config;
  } catch (err) {
    if (apiErrorCode(err) !== STREAM_NOT_FOUND) throw err;
    try {
      await jsm.streams.add({
        ...wanted,
        name: ns.stream,
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        discard: DiscardPolicy.Old,
      });
      logger.info({ stream: ns.stream, subjects: wanted.subjects }, 'JetStream stream created');
      return;
    } catch (addErr) {
      if (apiErrorCode(addErr) !== STREAM_NAME_IN_USE) throw addErr;
      current = (await jsm.streams.info(ns.stream)).config; // created meanwhile by another process
    }
  }
  const same =
    current.subjects.length === 1 &&
    current.subjects[0] === wanted.subjects![0] &&
    current.duplicate_window === wanted.duplicate_window &&
    current.max_msgs === wanted.max_msgs &&
    current.max_age === wanted.max_age;
  if (same) return;
  try {
    await jsm.streams.update(ns.stream, wanted);
  } catch (err) {
    // A process that only reads may not change the stream (nats-permissions.ts): its publishers do.
    if (isPermissionViolation(err)) {
      logger.warn(
        { stream: ns.stream },
        'JetStream stream settings differ; left to the publishing processes',
      );
      return;
    }
    throw err;
  }
  logger.info({ stream: ns.stream, subjects: wanted.subjects }, 'JetStream stream updated');
}

/**
 * Creates the durable pull consumer (starting at new messages), or updates its filter, ack wait and
 * max deliveries when they differ. One server-side filter (nats-server 2.9): the pattern covering
 * all subjects; the subscriber filters again.
 */
export async function ensureConsumer(
  jsm: JetStreamManager,
  ns: NatsNamespace,
  o: ResolvedConsumeOptions,
): Promise<ConsumerInfo> {
  const editable = {
    filter_subject: `${ns.subjectPrefix}${coveringPattern(o.subjects)}`,
    ack_wait: nanos(o.ackWaitMs),
    max_deliver: o.maxDeliver,
  };
  let info: ConsumerInfo;
  try {
    info = await jsm.consumers.info(ns.stream, o.durable);
  } catch (err) {
    if (apiErrorCode(err) !== CONSUMER_NOT_FOUND) throw err;
    return jsm.consumers.add(ns.stream, {
      ...editable,
      durable_name: o.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.New,
    });
  }
  const c = info.config;
  if (
    c.filter_subject === editable.filter_subject &&
    c.ack_wait === editable.ack_wait &&
    c.max_deliver === editable.max_deliver
  ) {
    return info;
  }
  return jsm.consumers.update(ns.stream, o.durable, editable);
}

/** True for the server's refusal of a subject this connection's user may not use. */
export function isPermissionViolation(err: unknown): boolean {
  return err instanceof NatsError && err.code === (ErrorCode.PermissionsViolation as string);
}

/**
 * Throws the server's permissions violation when this connection's user may not create a consumer
 * on `filter` (a short-lived probe, deleted at once). nats.js's ordered consumers retry a refused
 * creation for minutes; this makes a subscription outside the user's subjects fail at once.
 * Other failures are left to the subscription itself.
 */
export async function assertMayRead(jsm: JetStreamManager, ns: NatsNamespace, filter: string): Promise<void> {
  let name: string | undefined;
  try {
    name = (
      await jsm.consumers.add(ns.stream, {
        name: `tessera_probe_${randomUUID().replaceAll('-', '')}`,
        filter_subject: filter,
        ack_policy: AckPolicy.None,
        deliver_policy: DeliverPolicy.New,
        inactive_threshold: nanos(10_000),
        mem_storage: true,
        num_replicas: 1,
      })
    ).name;
  } catch (err) {
    if (isPermissionViolation(err)) throw err;
  }
  if (name) await jsm.consumers.delete(ns.stream, name).catch(() => undefined);
}

/** The port's subject of a wire subject (undefined when it is outside the namespace). */
export function portSubject(ns: NatsNamespace, wire: string): string | undefined {
  return wire.startsWith(ns.subjectPrefix) ? wire.slice(ns.subjectPrefix.length) : undefined;
}

/** A delivered JetStream message as handlers see it (own copy of the data; `Nats-*` headers left out). */
export function fromJsMsg(m: JsMsg, subject: string, deliveryCount: number): BusMessage {
  const headers: Record<string, string> = {};
  let msgId = '';
  for (const key of m.headers?.keys() ?? []) {
    const value = m.headers!.get(key);
    if (key.toLowerCase() === 'nats-msg-id') msgId = value;
    else if (!key.toLowerCase().startsWith('nats-')) headers[key] = value;
  }
  return {
    seq: m.seq,
    subject,
    msgId,
    data: m.data.slice(),
    headers,
    timestampMs: Math.floor(m.info.timestampNanos / 1e6),
    deliveryCount,
  };
}

/** The advisory JetStream sends when a message used up its deliveries without an ack. */
export interface MaxDeliveriesAdvisory {
  stream_seq: number;
  deliveries: number;
}

export function parseMaxDeliveries(data: Uint8Array): MaxDeliveriesAdvisory | undefined {
  try {
    const v = JSON.parse(new TextDecoder().decode(data)) as Partial<MaxDeliveriesAdvisory>;
    return typeof v.stream_seq === 'number' && typeof v.deliveries === 'number'
      ? { stream_seq: v.stream_seq, deliveries: v.deliveries }
      : undefined;
  } catch {
    return undefined;
  }
}
