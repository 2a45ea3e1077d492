#!/usr/bin/env node
// The embedded document stores compared in one run (issue 8 item 4): the kit's own embedded store
// and the adapter on @seald-io/nedb, each in a fresh temp folder, doing the same work with the same
// concurrency: inserts (unique index on `key`, index on `board`), compare-and-set updates on
// `version` (updateOne), compare-and-set replaces on `version` (replaceOne), and finds through the
// indexes (findOne by `key`, find by `board`). Runs from the built kit: `npm run build` first.
//
//   node loadtests/docstore.bench.mjs          DOCS=3000 OPS=3000 WORKERS=8
//
// Prints operations/s per phase and store, and the ratio nedb / own. Not part of `npm test`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nedbStore = path.join(root, 'services/kit/dist/docstore/nedb/store.js');
for (const f of ['services/kit/dist/index.js', nedbStore]) {
  if (!fs.existsSync(path.join(root, f)) && !fs.existsSync(f)) {
    console.error(`${f} is missing: run \`npm run build\` first`);
    process.exit(2);
  }
}
const { createEmbeddedDocumentStore } = await import('@tessera/kit');
const { NedbDocumentStore } = await import(nedbStore);

const DOCS = Number(process.env.DOCS ?? 3000);
const OPS = Number(process.env.OPS ?? 3000);
const WORKERS = Number(process.env.WORKERS ?? 8);
const BOARDS = 100;

/** Runs `count` tasks over WORKERS concurrent workers; operations per second. */
async function phase(/** @type {number} */ count, /** @type {(i: number) => Promise<unknown>} */ task) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (next < count) await task(next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/** A deterministic pseudo-random sequence (the same for both stores). */
const pick = (/** @type {number} */ i, /** @type {number} */ n) => (Math.imul(i + 1, 0x9e3779b1) >>> 0) % n;

/** @param {import('@tessera/kit').DocumentStore} store */
async function workload(store) {
  const c = await store.collection('bench', {
    indexes: [{ fields: { key: 1 }, unique: true }, { fields: { board: 1 } }],
  });
  const rates = /** @type {Record<string, number>} */ ({});
  rates.insertOne = await phase(DOCS, (i) =>
    c.insertOne({ _id: `d${i}`, key: `k${i}`, board: i % BOARDS, version: 0, n: 0, tags: ['a', 'b'] }),
  );
  // compare-and-set: read the version, write only if it is unchanged (retry when another worker won)
  rates['updateOne on version'] = await phase(OPS, async (i) => {
    const _id = `d${pick(i, DOCS)}`;
    for (;;) {
      const doc = /** @type {{ version: number }} */ (await c.findOne({ _id }));
      const r = await c.updateOne({ _id, version: doc.version }, { $set: { n: i }, $inc: { version: 1 } });
      if (r.modifiedCount === 1) return;
    }
  });
  rates['replaceOne on version'] = await phase(OPS, async (i) => {
    const _id = `d${pick(i + OPS, DOCS)}`;
    for (;;) {
      const doc = /** @type {{ _id: string, version: number }} */ (await c.findOne({ _id }));
      const r = await c.replaceOne(
        { _id, version: doc.version },
        { ...doc, n: -i, version: doc.version + 1 },
      );
      if (r.modifiedCount === 1) return;
    }
  });
  rates['findOne by unique key'] = await phase(OPS, (i) => c.findOne({ key: `k${pick(i, DOCS)}` }));
  rates['find by indexed board'] = await phase(OPS, (i) => c.find({ board: pick(i, BOARDS) }));
  // the work is the same for both stores: check it ended in the same state
  const versions = (await c.find({}, { projection: { version: 1 } })).reduce((n, d) => n + d.version, 0);
  if (versions !== 2 * OPS) throw new Error(`versions add up to ${versions}, expected ${2 * OPS}`);
  return rates;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-docstore-bench-'));
try {
  const own = await createEmbeddedDocumentStore(path.join(tmp, 'own'));
  const ownRates = await workload(own);
  await own.close();
  const nedb = await NedbDocumentStore.open(path.join(tmp, 'nedb'));
  const nedbRates = await workload(nedb);
  await nedb.close();

  console.log(
    `document stores: ${DOCS} documents, ${OPS} operations per phase, ${WORKERS} concurrent workers`,
  );
  const rows = [['phase', 'own ops/s', 'nedb ops/s', 'nedb / own']];
  let ownTotal = 0;
  let nedbTotal = 0;
  for (const name of Object.keys(ownRates)) {
    const a = ownRates[name] ?? 0;
    const b = nedbRates[name] ?? 0;
    // total time for the same work: sum of count / rate
    const count = name === 'insertOne' ? DOCS : OPS;
    ownTotal += count / a;
    nedbTotal += count / b;
    rows.push([name, a.toFixed(0), b.toFixed(0), `${((100 * b) / a).toFixed(1)} %`]);
  }
  rows.push(['all phases (same work)', '', '', `${((100 * ownTotal) / nedbTotal).toFixed(1)} %`]);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(r.map((cell, i) => cell.padEnd(widths[i])).join('  '));
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
