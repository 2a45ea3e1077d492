// CPU time and resident memory of processes by pid, from /proc (Linux), and of the whole machine:
// the bench runner samples every process of the stack during each scenario (and each phase of it).
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { childrenOf, parseStat, processName } from '../../testing/procs.mjs';

export { childrenOf, parseStat };

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (`getconf CLK_TCK`, nearly always 100). */
export const CLOCK_TICKS = (() => {
  try {
    const n = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isInteger(n) && n > 0 ? n : 100;
  } catch {
    return 100;
  }
})();

const PAGE_BYTES = 4096;

/**
 * CPU seconds used so far and resident bytes of a process; null when it is gone.
 * @param {number} pid
 * @returns {{ ppid: number, cpuSeconds: number, rssBytes: number } | null}
 */
export function readProcess(pid) {
  let text;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const s = parseStat(text);
  if (!s) return null;
  return { ppid: s.ppid, cpuSeconds: s.cpuTicks / CLOCK_TICKS, rssBytes: s.rssPages * PAGE_BYTES };
}

/** @param {number} pid @returns {string} the command line, arguments joined by spaces */
export function commandLine(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/**
 * `pids`, named (processName, else the program's file name), for the process figures of a
 * benchmark. The names of pids seen before are kept in `names`.
 * @param {number[]} pids
 * @param {Map<number, string>} [names]
 * @returns {{ pid: number; name: string }[]}
 */
export function namedProcesses(pids, names = new Map()) {
  return pids.map((pid) => {
    let name = names.get(pid);
    if (!name) {
      const cmdline = commandLine(pid);
      name = processName(cmdline) ?? path.basename(cmdline.split(' ')[0] || 'process');
      names.set(pid, name);
    }
    return { pid, name };
  });
}

/**
 * Busy and total jiffies of the whole machine (the first line of /proc/stat).
 * @returns {{ busy: number, total: number }}
 */
export function machineTicks() {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const total = v.slice(0, 8).reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  return { busy: total - idle, total };
}

/**
 * @typedef {object} ProcessFigure
 * @property {string} name
 * @property {number} pid
 * @property {number} cpuPercent   CPU time / wall time of the phase, in % of one core
 * @property {number} rssMaxMb     highest resident set seen during the phase
 * @property {number} rssEndMb     resident set at the end of the phase
 */

/**
 * @typedef {object} PhaseFigures
 * @property {string} label
 * @property {number} seconds
 * @property {ProcessFigure[]} processes
 * @property {number} machineBusyPercent  of all cores, everything on the machine (other users too)
 * @property {number} cores
 */

/**
 * Samples a changing set of processes: CPU per phase (time used between the phase's start and end)
 * and resident memory (maximum over samples every `everyMs`).
 */
export class Sampler {
  /**
   * @param {() => { pid: number, name: string }[]} processes  the processes to watch (asked at each sample)
   * @param {number} [everyMs]
   * @param {{ start?: (label: string) => void, end?: (label: string) => void }} [hooks] called as a phase starts and ends
   */
  constructor(processes, everyMs = 250, hooks = {}) {
    this.processes = processes;
    this.everyMs = everyMs;
    this.hooks = hooks;
    /** @type {PhaseFigures[]} */
    this.phases = [];
    /** @type {{ label: string, at: number, machine: { busy: number, total: number }, start: Map<number, { name: string, cpu: number, rssMax: number, rssEnd: number, cpuEnd: number }> } | undefined} */
    this.current = undefined;
    /** @type {NodeJS.Timeout | undefined} */
    this.timer = undefined;
  }

  /** Starts a new phase (ending the current one). @param {string} label */
  phase(label) {
    this.#end();
    /** @type {Map<number, { name: string, cpu: number, rssMax: number, rssEnd: number, cpuEnd: number }>} */
    const start = new Map();
    for (const { pid, name } of this.processes()) {
      const p = readProcess(pid);
      if (p)
        start.set(pid, {
          name,
          cpu: p.cpuSeconds,
          rssMax: p.rssBytes,
          rssEnd: p.rssBytes,
          cpuEnd: p.cpuSeconds,
        });
    }
    this.current = { label, at: performance.now(), machine: machineTicks(), start };
    this.hooks.start?.(label);
    if (!this.timer) {
      this.timer = setInterval(() => this.#sample(), this.everyMs);
      this.timer.unref();
    }
  }

  #sample() {
    const cur = this.current;
    if (!cur) return;
    for (const { pid, name } of this.processes()) {
      const p = readProcess(pid);
      if (!p) continue;
      const s = cur.start.get(pid);
      if (!s) {
        // a process that appeared during the phase: its CPU counts from zero
        cur.start.set(pid, { name, cpu: 0, rssMax: p.rssBytes, rssEnd: p.rssBytes, cpuEnd: p.cpuSeconds });
        continue;
      }
      s.rssMax = Math.max(s.rssMax, p.rssBytes);
      s.rssEnd = p.rssBytes;
      s.cpuEnd = p.cpuSeconds;
    }
  }

  #end() {
    const cur = this.current;
    if (!cur) return;
    this.#sample();
    this.hooks.end?.(cur.label);
    const seconds = (performance.now() - cur.at) / 1000;
    const m = machineTicks();
    const dTotal = m.total - cur.machine.total;
    const mb = (/** @type {number} */ b) => b / (1024 * 1024);
    this.phases.push({
      label: cur.label,
      seconds,
      processes: [...cur.start].map(([pid, s]) => ({
        name: s.name,
        pid,
        cpuPercent: seconds > 0 ? ((s.cpuEnd - s.cpu) / seconds) * 100 : 0,
        rssMaxMb: mb(s.rssMax),
        rssEndMb: mb(s.rssEnd),
      })),
      machineBusyPercent: dTotal > 0 ? ((m.busy - cur.machine.busy) / dTotal) * 100 : 0,
      cores: cpuCount(),
    });
    this.current = undefined;
  }

  /** Ends the current phase and stops sampling; returns every phase. */
  stop() {
    this.#end();
    clearInterval(this.timer);
    this.timer = undefined;
    return this.phases;
  }
}

function cpuCount() {
  const text = fs.readFileSync('/proc/stat', 'utf8');
  return text.split('\n').filter((l) => /^cpu\d+ /.test(l)).length || 1;
}
