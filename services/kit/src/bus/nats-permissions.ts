/**
 * NATS users with subject permissions, generated from the event permissions of the trust table
 * (`EVENT_PERMISSIONS` in @tessera/facts/trust): one user per process, named after it, allowed to
 * publish the subjects it publishes and to read (through JetStream consumers) the subjects it
 * subscribes to, plus what the kit's NATS adapter needs around them and nothing more:
 *
 * - every process: `$JS.API.INFO`, the stream's `INFO` and `CREATE` (every process makes sure the
 *   stream exists when it opens the bus; a create over an existing stream with another
 *   configuration is refused by the server), and replies to its own inbox `_INBOX.<user>.>` (the
 *   adapter connects with that inbox prefix, so no process sees another's replies or deliveries);
 * - publishers: their subjects, and the stream's `UPDATE` (its limits follow the code that publishes);
 * - readers: consumer `CREATE` only with a filter within their subjects
 *   (`$JS.API.CONSUMER.CREATE.<stream>.<name>.<filter>`: nats-server 2.9 puts the one filter
 *   subject of a consumer into the request subject, so the permission decides what a process may
 *   read), and `INFO`, `DELETE`, `MSG.NEXT` and acks of the stream's consumers, and the
 *   max-deliveries advisories.
 *
 * nats-server 2.9 allows one filter per consumer, so a subscription to several subjects reads their
 * covering pattern (`coveringPattern`) and filters again in the client. Each such combined reader is
 * listed with the subjects it reads together (`COMBINED_READS`), and only their covering pattern is
 * added to its filters: the renderer reads `tessera.pixels.committed` and `tessera.pixels.reset` in
 * one consumer, in stream order (`tessera.pixels.>`); the BFF's live event stream reads all its
 * subjects through one ordered subscription (its browsers resume by sequence): `tessera.>`. The
 * embedded broker holds every process to its exact list.
 *
 * Not granted to anyone: `$JS.API.STREAM.MSG.GET` (reads any message by sequence), stream delete and
 * purge, and any `_INBOX.>` beyond the process's own.
 */
import { randomBytes } from 'node:crypto';
import { SUBJECTS } from '@tessera/facts/subjects';
import { EVENT_PERMISSIONS } from '@tessera/facts/trust';
import { STREAM_NAME } from './port.js';
import { coveringPattern } from './subjects.js';

export type EventProcess = keyof typeof EVENT_PERMISSIONS;
export const EVENT_PROCESSES = Object.keys(EVENT_PERMISSIONS) as EventProcess[];

/** Subjects a process reads together through one consumer (one filter: their covering pattern). */
export const COMBINED_READS: Partial<Record<EventProcess, readonly (readonly string[])[]>> = {
  renderer: [[SUBJECTS.pixelsCommitted, SUBJECTS.pixelsReset]],
  bff: [EVENT_PERMISSIONS.bff.subscribe],
};

/** The inbox prefix of a NATS user (the adapter connects with it; the user may read only below it). */
export function natsInboxPrefix(user: string): string {
  return `_INBOX.${user}`;
}

/** The environment variable holding a process's NATS password (Helm Secret key, `npm start`). */
export function natsPasswordVariable(process: EventProcess): string {
  return `NATS_PASSWORD_${process.toUpperCase()}`;
}

/**
 * A new NATS password: a letter, then 48 hex digits. nats-server reads a `$VARIABLE` from its
 * environment as a configuration value, so a password that starts with a digit (or looks like a
 * number, boolean or date) breaks its configuration: passwords given through the environment must
 * be letters and digits, starting with a letter.
 */
export function generateNatsPassword(): string {
  return `n${randomBytes(24).toString('hex')}`;
}

export interface NatsNamespaceOptions {
  /** JetStream stream (default TESSERA). */
  stream?: string;
  /** Subject prefix on the wire (default none; tests isolate themselves with one). */
  subjectPrefix?: string;
}

export interface NatsPermissions {
  publish: { allow: string[] };
  subscribe: { allow: string[] };
}

/** The subject filters a process may create consumers with. */
export function consumerFilters(process: EventProcess): string[] {
  const subjects = EVENT_PERMISSIONS[process].subscribe;
  const filters = [...subjects];
  for (const group of COMBINED_READS[process] ?? []) {
    if (group.length > 1) filters.push(coveringPattern(group));
  }
  return [...new Set(filters)];
}

/** The publish and subscribe permissions of a process's NATS user. */
export function natsPermissions(process: EventProcess, opts: NatsNamespaceOptions = {}): NatsPermissions {
  const stream = opts.stream ?? STREAM_NAME;
  const prefix = opts.subjectPrefix ?? '';
  const { publish, subscribe } = EVENT_PERMISSIONS[process];
  const pub = [
    ...publish.map((s) => `${prefix}${s}`),
    '$JS.API.INFO',
    `$JS.API.STREAM.INFO.${stream}`,
    `$JS.API.STREAM.CREATE.${stream}`,
  ];
  const sub = [`${natsInboxPrefix(process)}.>`];
  if (publish.length > 0) pub.push(`$JS.API.STREAM.UPDATE.${stream}`);
  if (subscribe.length > 0) {
    for (const f of consumerFilters(process)) pub.push(`$JS.API.CONSUMER.CREATE.${stream}.*.${prefix}${f}`);
    pub.push(
      `$JS.API.CONSUMER.INFO.${stream}.*`,
      `$JS.API.CONSUMER.DELETE.${stream}.*`,
      `$JS.API.CONSUMER.MSG.NEXT.${stream}.*`,
      `$JS.ACK.${stream}.>`,
    );
    sub.push(
      ...subscribe.map((s) => `${prefix}${s}`),
      `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${stream}.*`,
    );
  }
  return { publish: { allow: pub }, subscribe: { allow: sub } };
}

export interface NatsAuthorizationOptions extends NatsNamespaceOptions {
  /**
   * Each user's password: literal values, or `'env'` for nats-server variable references
   * (`$NATS_PASSWORD_BFF`, ...) resolved from the server's environment (the Helm chart).
   */
  passwords: 'env' | Record<EventProcess, string>;
}

/** The nats-server `authorization { users = [...] }` block for every process of the event table. */
export function natsAuthorization(opts: NatsAuthorizationOptions): string {
  const q = (s: string) => JSON.stringify(s);
  const list = (items: string[]) => `[${items.map(q).join(', ')}]`;
  const users = EVENT_PROCESSES.map((p) => {
    const perms = natsPermissions(p, opts);
    const password = opts.passwords === 'env' ? `$${natsPasswordVariable(p)}` : q(opts.passwords[p]);
    return [
      '    {',
      `      user: ${q(p)}`,
      `      password: ${password}`,
      '      permissions: {',
      `        publish: { allow: ${list(perms.publish.allow)} }`,
      `        subscribe: { allow: ${list(perms.subscribe.allow)} }`,
      '      }',
      '    }',
    ].join('\n');
  });
  return [
    '# Generated from EVENT_PERMISSIONS (services/facts/src/trust.ts) by services/kit/src/bus/nats-permissions.ts.',
    'authorization {',
    '  users = [',
    users.join('\n'),
    '  ]',
    '}',
    '',
  ].join('\n');
}
