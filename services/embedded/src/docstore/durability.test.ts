/**
 * Fault test of the embedded store: a writer process (test/durability-writer.ts) is killed with
 * SIGKILL in the middle of its writes, 20 times on the same folder so any damage would accumulate.
 * After each kill the folder is reopened here (the dead writer's lock must not block it) and every
 * acknowledged write must be there, exactly: an item is as its last acknowledged write left it, or
 * as the write still in flight on it would leave it; counters hold at least every acknowledged
 * increment and at most every started one; nothing else exists; keys stay unique; the store takes
 * new writes. Compaction runs every few writes, so kills also land in the middle of compactions, and
 * only a few documents are held in memory, so most writes also spill one to the spill file (a cache
 * the reopened store must not trust).
 * Every third cycle also appends a torn record (what a kill inside write(2) leaves) to the log: a
 * whole document or, every sixth cycle, a diff record (an update's change).
 *
 * The writer runs straight from its TypeScript sources through the kit's ts-loader.mjs (no build).
 */
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '@tessera/kit/testing';
import { EmbeddedDocumentStore } from './store.js';
import { DuplicateKeyError } from '@tessera/kit';
import {
  COUNTERS,
  HOT_DOCUMENTS,
  ITEMS_INDEX,
  SHARED,
  type Counter,
  type Item,
  type Line,
} from './test/durability-shared.js';

const CYCLES = 20;
const COMPACT_EVERY = 5;
const here = path.dirname(fileURLToPath(import.meta.url));
// the kit's loader of TypeScript sources for test processes (@tessera/kit/ts-loader)
const LOADER = createRequire(import.meta.url).resolve('@tessera/kit/ts-loader');
const WRITER = path.join(here, 'test', 'durability-writer.ts');

interface Run {
  lines: Line[];
  acked: number;
  stderr: string;
}

/** Runs the writer until it has acknowledged `target` writes, then kills it with SIGKILL. */
function runWriter(dir: string, cycle: number, seed: number, target: number, cache: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const args = ['--import', LOADER, WRITER, dir, String(cycle), String(seed), String(COMPACT_EVERY)];
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TS_LOADER_CACHE: cache },
    });
    const lines: Line[] = [];
    let acked = 0;
    let pending = '';
    let stderr = '';
    let killed = false;
    const kill = () => {
      killed = true;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(kill, 20_000);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (pending + chunk).split('\n');
      // A line cut off by the kill is dropped: its write was not acknowledged / not started.
      pending = parts.pop() as string;
      for (const part of parts) {
        const line = JSON.parse(part) as Line;
        lines.push(line);
        if (line.t === 'a' || line.t === 'ca') acked++;
      }
      if (!killed && acked >= target) kill();
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL' && acked >= target) resolve({ lines, acked, stderr });
      else reject(new Error(`writer ended with ${signal ?? `code ${code}`} after ${acked} acks: ${stderr}`));
    });
  });
}

/** What the store must hold after a run, given the state verified before it. */
function expectations(items: Map<string, Item>, lines: Line[]) {
  const expected = new Map<string, Item | null>(items);
  const inFlight = new Map<string, Item | null>();
  const intents = new Map<number, { id: string; after: Item | null }>();
  const counters = new Map<string, { acked: number; started: number }>();
  const counter = (k: string) => counters.get(k) ?? counters.set(k, { acked: 0, started: 0 }).get(k)!;
  for (const line of lines) {
    if (line.t === 'i') {
      intents.set(line.s, line);
      inFlight.set(line.id, line.after);
    } else if (line.t === 'a') {
      const { id, after } = intents.get(line.s)!;
      expected.set(id, after);
      inFlight.delete(id);
    } else if (line.t === 'ci') counter(line.k).started++;
    else if (line.t === 'ca') counter(line.k).acked++;
  }
  return { expected, inFlight, counter };
}

const isItem = (d: unknown): d is Item => {
  const v = d as Item;
  return (
    Object.keys(v).sort().join() === '_id,key,note,tags,value,version' &&
    typeof v._id === 'string' &&
    typeof v.key === 'string' &&
    Number.isSafeInteger(v.version) &&
    Number.isSafeInteger(v.value) &&
    typeof v.note === 'string' &&
    Array.isArray(v.tags) &&
    v.tags.every((t) => typeof t === 'string')
  );
};

const logsOf = (dir: string, coll: string) =>
  fs.readdirSync(dir).filter((f) => f.startsWith(`${coll}.`) && f.endsWith('.log'));

/** Where the kill left the compaction of a collection, judged from its files. */
function compactionPhase(dir: string, coll: string): 'snapshot' | 'old logs' | 'idle' {
  if (fs.existsSync(path.join(dir, `${coll}.snapshot.tmp`))) return 'snapshot';
  return logsOf(dir, coll).length > 1 ? 'old logs' : 'idle';
}

/** A document for a failure message (long notes shortened). */
const show = (d: Item | null | undefined) =>
  d ? JSON.stringify({ ...d, note: d.note.length > 20 ? `<${d.note.length} chars>` : d.note }) : 'nothing';

/** Checks the items against the expectations; returns the problems found. */
function checkItems(found: Item[], { expected, inFlight }: ReturnType<typeof expectations>): string[] {
  const problems: string[] = [];
  for (const d of found) if (!isItem(d)) problems.push(`malformed item ${show(d)}`);
  if (new Set(found.map((d) => d.key)).size !== found.length) problems.push('two items share a unique key');
  const actual = new Map(found.map((d) => [d._id, d]));
  for (const id of new Set([...expected.keys(), ...inFlight.keys(), ...actual.keys()])) {
    const got = actual.get(id) ?? null;
    const ok =
      isDeepStrictEqual(got, expected.get(id) ?? null) ||
      (inFlight.has(id) && isDeepStrictEqual(got, inFlight.get(id)));
    if (!ok)
      problems.push(
        `item ${id}: found ${show(got)}, acknowledged ${show(expected.get(id))}` +
          (inFlight.has(id) ? `, in flight ${show(inFlight.get(id))}` : ''),
      );
  }
  return problems;
}

/** Checks the counters against `base` (their values before the run) and updates `base`. */
function checkCounters(
  found: Counter[],
  base: Map<string, number>,
  { counter }: ReturnType<typeof expectations>,
): string[] {
  const problems: string[] = [];
  const actual = new Map(found.map((d) => [d._id, d]));
  for (const k of [...COUNTERS, SHARED]) {
    const doc = actual.get(k);
    const n = doc?.n ?? 0;
    const before = base.get(k) ?? 0;
    const { acked, started } = counter(k);
    if (!Number.isSafeInteger(n) || n < before + acked || n > before + started)
      problems.push(`counter ${k} = ${n}, expected ${before} + [${acked}, ${started}]`);
    const keys = Object.keys(doc ?? { _id: k, n })
      .sort()
      .join();
    if (keys !== (k === SHARED ? '_id,n,value' : '_id,n') || (k === SHARED && doc?.value !== 2 * n))
      problems.push(`malformed counter ${JSON.stringify(doc)}`);
    base.set(k, n);
  }
  if (actual.size > COUNTERS.length + 1) problems.push(`unexpected counters: ${[...actual.keys()].join()}`);
  return problems;
}

describe('embedded document store: durability under SIGKILL', () => {
  const { dir: root, cleanup } = tempDir('tessera-docstore-kill-');
  const dir = path.join(root, 'data');
  const cache = path.join(root, 'ts-cache');
  afterAll(cleanup);

  it(`keeps every acknowledged write through ${CYCLES} kill -9 / reopen cycles on one folder`, async () => {
    const seed = Math.floor(Math.random() * 2 ** 31);
    let items = new Map<string, Item>();
    const counterBase = new Map<string, number>();
    let totalAcked = 0;
    const phases: string[] = [];

    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const where = `seed ${seed}, cycle ${cycle}`;
      const target = 20 + ((seed + cycle * 7919) % 281);
      const run = await runWriter(dir, cycle, seed + cycle, target, cache);
      totalAcked += run.acked;
      // The dead writer's lock is still there.
      expect(fs.existsSync(path.join(dir, 'LOCK')), where).toBe(true);
      phases.push(`${compactionPhase(dir, 'items')}/${compactionPhase(dir, 'counters')}`);
      if (cycle % 3 === 2) {
        // What a kill inside write(2) leaves: the start of a record without its newline.
        const newest = logsOf(dir, 'items').sort((a, b) => parseInt(b.slice(6)) - parseInt(a.slice(6)))[0];
        // alternately a whole document (an insert) and a diff record (an update of an item)
        const id = [...items.keys()][0];
        const torn =
          cycle % 6 === 5 && id
            ? `{"u":[[${JSON.stringify(id)},[1,[["value",[0,99`
            : `{"p":[{"_id":"torn-${cycle}","key":"torn","version":0,"va`;
        fs.appendFileSync(path.join(dir, newest!), torn);
      }

      const want = expectations(items, run.lines);
      const store = await EmbeddedDocumentStore.open(dir, {
        compactEveryWrites: COMPACT_EVERY,
        hotDocuments: HOT_DOCUMENTS,
      });
      try {
        const found = await (await store.collection<Item>('items')).find({});
        const counters = await (await store.collection<Counter>('counters')).find({});
        const problems = [...checkItems(found, want), ...checkCounters(counters, counterBase, want)];
        expect(problems, where).toEqual([]);

        // The unique index is rebuilt from the files, and the store takes new writes.
        const coll = await store.collection<Item>('items', { indexes: ITEMS_INDEX });
        const doc: Item = {
          _id: `parent-${cycle}`,
          key: `parent-${cycle}`,
          version: 0,
          value: 1,
          tags: [],
          note: '',
        };
        await coll.insertOne(doc);
        const taken = { ...doc, _id: `dup-${cycle}`, key: found[0]?.key ?? doc.key };
        await expect(coll.insertOne(taken), where).rejects.toThrow(DuplicateKeyError);
        expect(await coll.updateOne({ _id: doc._id }, { $inc: { value: 1 } }), where).toMatchObject({
          modifiedCount: 1,
        });
        items = new Map([...found.map((d) => [d._id, d] as const), [doc._id, { ...doc, value: 2 }]]);
        expect(await coll.find({}), where).toHaveLength(items.size);
        expect(await coll.findOne({ _id: doc._id }), where).toEqual(items.get(doc._id));
      } finally {
        await store.close();
      }
    }
    const during = phases.filter((p) => p !== 'idle/idle').length;
    console.log(
      `durability: ${CYCLES} kills after ${totalAcked} acknowledged writes, ${during} during a compaction ` +
        `(items/counters: ${phases.join(', ')})`,
    );
  }, 60_000);
});
