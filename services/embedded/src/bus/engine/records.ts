/**
 * The broker journal's records (one JSON object per line) and the replay that rebuilds a snapshot
 * from them. Pure: no file access here.
 *   S {last}                     snapshot header: the last sequence ever assigned
 *   M {s, j, i, d, h, ts}        a message (data in base64)
 *   I {i, s, ts}                 a publish id whose message retention removed (dedup window)
 *   C {d, j, w, x, c}            a durable consumer: subjects, ack wait, max deliver, cursor
 *   D {d, s, n}                  delivered to a durable (n-th delivery)
 *   A {d, s}                     settled by a durable (acked or given up)
 */
import type { DurableConfig } from './durable.js';
import type { DedupEntry, StoredMessage } from './stream.js';

export type JournalRecord =
  | { t: 'S'; last: number }
  | { t: 'M'; s: number; j: string; i: string; d: string; h: Record<string, string>; ts: number }
  | { t: 'I'; i: string; s: number; ts: number }
  | { t: 'C'; d: string; j: string[]; w: number; x: number; c: number }
  | { t: 'D'; d: string; s: number; n: number }
  | { t: 'A'; d: string; s: number };

export interface ConsumerSnapshot {
  config: DurableConfig;
  cursor: number;
  /** [seq, deliveries] of messages delivered and not settled. */
  open: [number, number][];
}

export interface Snapshot {
  lastSeq: number;
  messages: StoredMessage[];
  dedup: DedupEntry[];
  consumers: ConsumerSnapshot[];
}

export const emptySnapshot = (): Snapshot => ({ lastSeq: 0, messages: [], dedup: [], consumers: [] });

export function messageRecord(m: StoredMessage): JournalRecord {
  return {
    t: 'M',
    s: m.seq,
    j: m.subject,
    i: m.msgId,
    d: Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength).toString('base64'),
    h: m.headers,
    ts: m.timestampMs,
  };
}

export function consumerRecord(config: DurableConfig, cursor: number): JournalRecord {
  return {
    t: 'C',
    d: config.durable,
    j: config.subjects,
    w: config.ackWaitMs,
    x: config.maxDeliver,
    c: cursor,
  };
}

/** The records that rebuild `snap` (what a compaction writes). */
export function snapshotRecords(snap: Snapshot): JournalRecord[] {
  const out: JournalRecord[] = [{ t: 'S', last: snap.lastSeq }];
  for (const e of snap.dedup) out.push({ t: 'I', i: e.msgId, s: e.seq, ts: e.timestampMs });
  for (const m of snap.messages) out.push(messageRecord(m));
  for (const c of snap.consumers) {
    out.push(consumerRecord(c.config, c.cursor));
    for (const [s, n] of c.open) out.push({ t: 'D', d: c.config.durable, s, n });
  }
  return out;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isStr = (v: unknown): v is string => typeof v === 'string';
const isStrMap = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every(isStr);

/** Parses one line; undefined when it is not a well-formed record. */
export function parseRecord(line: string): JournalRecord | undefined {
  let r: Record<string, unknown>;
  try {
    const v: unknown = JSON.parse(line);
    if (typeof v !== 'object' || v === null) return undefined;
    r = v as Record<string, unknown>;
  } catch {
    return undefined;
  }
  switch (r.t) {
    case 'S':
      return isNum(r.last) ? { t: 'S', last: r.last } : undefined;
    case 'M':
      return isNum(r.s) && isStr(r.j) && isStr(r.i) && isStr(r.d) && isStrMap(r.h) && isNum(r.ts)
        ? { t: 'M', s: r.s, j: r.j, i: r.i, d: r.d, h: r.h, ts: r.ts }
        : undefined;
    case 'I':
      return isStr(r.i) && isNum(r.s) && isNum(r.ts) ? { t: 'I', i: r.i, s: r.s, ts: r.ts } : undefined;
    case 'C':
      return isStr(r.d) && Array.isArray(r.j) && r.j.every(isStr) && isNum(r.w) && isNum(r.x) && isNum(r.c)
        ? { t: 'C', d: r.d, j: r.j, w: r.w, x: r.x, c: r.c }
        : undefined;
    case 'D':
      return isStr(r.d) && isNum(r.s) && isNum(r.n) ? { t: 'D', d: r.d, s: r.s, n: r.n } : undefined;
    case 'A':
      return isStr(r.d) && isNum(r.s) ? { t: 'A', d: r.d, s: r.s } : undefined;
    default:
      return undefined;
  }
}

/** Rebuilds the state the records describe, in order. */
export function replay(records: Iterable<JournalRecord>): Snapshot {
  let lastSeq = 0;
  const messages: StoredMessage[] = [];
  const dedup: DedupEntry[] = [];
  const consumers = new Map<string, { config: DurableConfig; cursor: number; open: Map<number, number> }>();
  for (const r of records) {
    switch (r.t) {
      case 'S':
        lastSeq = Math.max(lastSeq, r.last);
        break;
      case 'M':
        if (r.s <= (messages.at(-1)?.seq ?? 0)) break; // out of order: ignore
        messages.push({
          seq: r.s,
          subject: r.j,
          msgId: r.i,
          data: new Uint8Array(Buffer.from(r.d, 'base64')),
          headers: r.h,
          timestampMs: r.ts,
        });
        lastSeq = Math.max(lastSeq, r.s);
        break;
      case 'I':
        dedup.push({ msgId: r.i, seq: r.s, timestampMs: r.ts });
        break;
      case 'C': {
        const prev = consumers.get(r.d);
        const config = { durable: r.d, subjects: r.j, ackWaitMs: r.w, maxDeliver: r.x };
        if (prev) {
          prev.config = config;
          prev.cursor = Math.max(prev.cursor, r.c);
        } else consumers.set(r.d, { config, cursor: r.c, open: new Map() });
        break;
      }
      case 'D': {
        const c = consumers.get(r.d);
        if (!c) break;
        c.open.set(r.s, r.n);
        c.cursor = Math.max(c.cursor, r.s + 1);
        break;
      }
      case 'A':
        consumers.get(r.d)?.open.delete(r.s);
        break;
    }
  }
  return {
    lastSeq,
    messages,
    dedup,
    consumers: [...consumers.values()].map((c) => ({
      config: c.config,
      cursor: c.cursor,
      open: [...c.open],
    })),
  };
}
