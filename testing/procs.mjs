// The processes of a running stack and their memory, read from /proc (Linux): every process that
// `npm start` (scripts/start.mjs) launches carries the stack's DATA_DIR in its environment. For the
// benchmarks (loadtests/) and the integration tests that kill or measure a process. Types: procs.d.mts.
import fs from 'node:fs';

/**
 * Name of a stack process from its command line: broker, identity, ..., bff, `start.mjs` (the
 * launcher itself) or `redis` (a bench's private redis-server); null for any other process.
 * @param {string} cmdline
 * @returns {string | null}
 */
export function processName(cmdline) {
  const m = /(?:services\/([a-z]+)|(bff))\/dist\/main\.js/.exec(cmdline);
  if (m) return m[1] ?? m[2] ?? null;
  if (/scripts\/start\.mjs/.test(cmdline)) return 'start.mjs';
  if (/redis-server/.test(cmdline)) return 'redis';
  return null;
}

/**
 * `[{pid, name}]` of the processes whose environment has `DATA_DIR=<dataDir>`: start.mjs, the
 * broker, the services by name, the BFF.
 * @param {string} dataDir
 * @returns {{ pid: number; name: string }[]}
 */
export function stackProcesses(dataDir) {
  /** @type {{ pid: number; name: string }[]} */
  const out = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const env = fs.readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0');
      if (!env.includes(`DATA_DIR=${dataDir}`)) continue;
      const name = processName(fs.readFileSync(`/proc/${entry}/cmdline`, 'latin1').replaceAll('\0', ' '));
      if (name) out.push({ pid: Number(entry), name });
    } catch {
      // gone, or not ours
    }
  }
  // the launcher, the broker, the services by name, the BFF (the port table's order would need its
  // build, which the bench runner makes only after it has loaded this module)
  const group = (/** @type {string} */ name) =>
    name === 'start.mjs' ? 0 : name === 'broker' ? 1 : name === 'bff' ? 3 : 2;
  return out.sort((a, b) => group(a.name) - group(b.name) || a.name.localeCompare(b.name));
}

/**
 * Memory of a process in MB: `rss` (resident, what `ps` shows; the Node binary's shared pages are
 * counted in every process), `pss` (proportional: shared pages divided among the processes sharing
 * them, so the sum over processes is the real total) and `anon` (private heap and buffers).
 * @param {number} pid
 * @returns {{ rss: number; pss: number; anon: number }}
 */
export function memoryOf(pid) {
  const text = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (/** @type {string} */ k) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { rss: kb('Rss') / 1024, pss: kb('Pss') / 1024, anon: kb('Anonymous') / 1024 };
}

/**
 * Parses /proc/<pid>/stat: the fields after the command name (which may hold spaces and parentheses).
 * @param {string} text
 * @returns {{ ppid: number, cpuTicks: number, rssPages: number } | null}
 */
export function parseStat(text) {
  const close = text.lastIndexOf(')');
  if (close < 0) return null;
  // after ") ": state(3) ppid(4) ... utime(14) stime(15) ... rss(24): index = field - 3
  const f = text
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  const num = (/** @type {number} */ field) => Number(f[field - 3]);
  const ppid = num(4);
  const cpuTicks = num(14) + num(15);
  const rssPages = num(24);
  return [ppid, cpuTicks, rssPages].every(Number.isFinite) ? { ppid, cpuTicks, rssPages } : null;
}

/**
 * Pids whose parent is `ppid`.
 * @param {number} ppid
 * @returns {number[]}
 */
export function childrenOf(ppid) {
  /** @type {number[]} */
  const out = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    if (parseStat(stat)?.ppid === ppid) out.push(Number(name));
  }
  return out;
}
