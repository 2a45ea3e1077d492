#!/usr/bin/env node
// Summarises a .cpuprofile (V8 CPU profile, as written by BENCH_CPU_PROF or --cpu-prof): busy time,
// self time by package or file, the hottest functions by self time, and the time spent inside
// (inclusive) this repository's functions.
//
//   node loadtests/lib/profile-summary.mjs <file.cpuprofile> [top=20]
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * @typedef {{ id: number, parent?: number, children?: number[], callFrame: { functionName: string, url: string, lineNumber: number } }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[] }} Profile
 */

/** @param {string} url */
function where(url) {
  if (!url) return '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] ?? url;
  if (url.startsWith('node:')) return url;
  const own = /(?:\/|^)((?:services\/)?[a-z]+)\/dist\/(.*)$/.exec(url);
  if (own) return `${own[1]}/${own[2]}`;
  return url.replace(/^file:\/\//, '');
}

/**
 * @param {Profile} profile
 * @param {number} [top]
 * @returns {string}
 */
export function summarise(profile, top = 20) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  /** @type {Map<number, number>} */
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  /** @type {Map<number, number>} */
  const selfById = new Map();
  profile.samples.forEach((id, i) =>
    selfById.set(id, (selfById.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  let total = 0;
  let idle = 0;
  /** @type {Map<string, number>} */
  const byWhere = new Map();
  /** @type {Map<string, number>} */
  const byFn = new Map();
  /** @type {Map<string, number>} */
  const inclusive = new Map();
  const key = (/** @type {ProfileNode} */ n) =>
    `${n.callFrame.functionName || '(anonymous)'} ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  for (const [id, t] of selfById) {
    const n = byId.get(id);
    if (!n) continue;
    total += t;
    if (n.callFrame.functionName === '(idle)') {
      idle += t;
      continue;
    }
    const w = n.callFrame.url ? where(n.callFrame.url) : n.callFrame.functionName;
    byWhere.set(w, (byWhere.get(w) ?? 0) + t);
    byFn.set(key(n), (byFn.get(key(n)) ?? 0) + t);
    /** @type {Set<string>} */
    const seen = new Set();
    for (let cur = /** @type {number | undefined} */ (id); cur !== undefined; cur = parent.get(cur)) {
      const a = byId.get(cur);
      if (!a || !/\/dist\//.test(a.callFrame.url) || /node_modules/.test(a.callFrame.url)) continue;
      const k = key(a);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + t);
    }
  }
  const busy = total - idle;
  const lines = [`busy ${(busy / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms profiled`];
  /** @param {string} title @param {Map<string, number>} m */
  const list = (title, m) => {
    lines.push(`-- ${title}`);
    for (const [k, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
      lines.push(
        `${(t / 1000).toFixed(0).padStart(7)} ms ${((100 * t) / Math.max(1, busy)).toFixed(1).padStart(5)}%  ${k}`,
      );
  };
  list('self time by package or file (% of busy)', byWhere);
  list('self time by function', byFn);
  list("inclusive time of this repository's functions", inclusive);
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node loadtests/lib/profile-summary.mjs <file.cpuprofile> [top]');
    process.exit(2);
  }
  console.log(summarise(JSON.parse(fs.readFileSync(file, 'utf8')), Number(process.argv[3] ?? 20)));
}
