// Plain-text tables of the bench runner: one per scenario, with its rows (figure, latency
// percentiles, errors, baseline of the same run, ratio, target) and the CPU and resident memory of
// every process during each phase of the scenario.

/**
 * @typedef {object} Row
 * @property {string} row
 * @property {number | null} figure
 * @property {string | null} unit
 * @property {number | null} p50          ms
 * @property {number | null} p95          ms
 * @property {number | null} p99          ms
 * @property {number | null} errors
 * @property {number | null} baseline
 * @property {string | null} baselineLabel
 * @property {number | null} ratio
 * @property {string | null} target
 * @property {boolean | null} met      null when the row has no target or is invalid
 * @property {number | null} [generatorCpu]          the load generator's (this runner's) CPU during the
 *   measured load, % of one core
 * @property {number | null} [baselineGeneratorCpu]  the same during the baseline's load
 * @property {'met' | 'not met' | 'invalid' | null} [verdict]  set by `judge`
 */

/**
 * Above this share of one core the load generator (the bench runner, a single Node thread) is the
 * bottleneck: the rate it measured says how fast it can send, not how fast the server answers, and
 * a ratio against a baseline drifts toward 1.
 */
export const GENERATOR_CPU_LIMIT = 80;

/**
 * The row's verdict from its own numbers: "invalid" when the generator was above
 * GENERATOR_CPU_LIMIT % of a core in the measured phase or in the baseline's (its `met` is then
 * null: neither met nor not met), else "met" / "not met" from `met`, null for a row without a target.
 * @param {Row} row
 * @param {number} [limit]
 * @returns {Row}
 */
export function judge(row, limit = GENERATOR_CPU_LIMIT) {
  const over = [row.generatorCpu, row.baselineGeneratorCpu].some(
    (c) => typeof c === 'number' && Number.isFinite(c) && c > limit,
  );
  if (over) return { ...row, met: null, verdict: 'invalid' };
  return { ...row, verdict: row.met === true ? 'met' : row.met === false ? 'not met' : null };
}

/** The generator column: measured phase / baseline phase, % of one core ('-' where not measured). */
function generatorCell(/** @type {Row} */ r) {
  const c = (/** @type {number | null | undefined} */ v) => (typeof v === 'number' ? v.toFixed(0) : '-');
  if (r.generatorCpu == null && r.baselineGeneratorCpu == null) return '-';
  return `${c(r.generatorCpu)} / ${c(r.baselineGeneratorCpu)}`;
}

/** The verdict column: yes, NO, INVALID (generator above the limit) or '-'. */
function verdictCell(/** @type {Row} */ r) {
  const v = r.verdict ?? judge(r).verdict;
  return v === 'invalid' ? 'INVALID' : v === 'met' ? 'yes' : v === 'not met' ? 'NO' : '-';
}

/** @param {number | null | undefined} v */
export function num(v) {
  if (v === null || v === undefined || !Number.isFinite(v)) return '-';
  const a = Math.abs(v);
  if (a >= 100) return v.toFixed(0);
  if (a >= 10) return v.toFixed(1);
  if (a >= 1) return v.toFixed(2);
  if (a === 0) return '0';
  return v.toPrecision(2);
}

/**
 * Aligned columns: the first `left` columns padded right, the others left.
 * @param {string[]} header
 * @param {string[][]} rows
 * @param {number} [left]
 */
export function columns(header, rows, left = 1) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  /** @param {string[]} cells */
  const line = (cells) =>
    cells
      .map((c, i) => (i < left ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** @param {Row[]} rows */
export function formatRows(rows) {
  const header = [
    'row',
    'figure',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'errors',
    'baseline (same run)',
    'ratio',
    'target',
    'gen cpu % (run / base)',
    'met',
  ];
  const body = rows.map((r) => [
    r.row,
    r.figure === null ? '-' : `${num(r.figure)}${r.unit ? ` ${r.unit}` : ''}`,
    num(r.p50),
    num(r.p95),
    num(r.p99),
    r.errors === null || r.errors === undefined ? '-' : String(r.errors),
    r.baseline === null || r.baseline === undefined
      ? '-'
      : `${num(r.baseline)}${r.baselineLabel ? ` ${r.baselineLabel}` : ''}`,
    num(r.ratio),
    r.target ?? '-',
    generatorCell(r),
    verdictCell(r),
  ]);
  return columns(header, body, 2);
}

/**
 * Processes as rows, each phase two columns (CPU in % of one core, highest RSS in MB); the last
 * line is the whole machine's busy share (every user of it, not only this run).
 * @param {import('./procstat.mjs').PhaseFigures[]} phases
 */
export function formatProcesses(phases) {
  if (phases.length === 0) return '';
  /** @type {Map<string, Map<number, import('./procstat.mjs').ProcessFigure>>} */
  const byName = new Map();
  phases.forEach((ph, i) => {
    for (const p of ph.processes) {
      const key = `${p.name} (${p.pid})`;
      const m = byName.get(key) ?? new Map();
      m.set(i, p);
      byName.set(key, m);
    }
  });
  const header = ['process (pid)'];
  for (const ph of phases) header.push(`${ph.label} cpu %`, 'rss MB');
  const rows = [...byName].map(([name, m]) => {
    const cells = [name];
    phases.forEach((_, i) => {
      const p = m.get(i);
      cells.push(p ? p.cpuPercent.toFixed(0) : '-', p ? p.rssMaxMb.toFixed(0) : '-');
    });
    return cells;
  });
  const totals = ['all of the above'];
  const machine = ['machine busy (all users)'];
  for (const ph of phases) {
    totals.push(
      ph.processes.reduce((s, p) => s + p.cpuPercent, 0).toFixed(0),
      ph.processes.reduce((s, p) => s + p.rssMaxMb, 0).toFixed(0),
    );
    machine.push((ph.machineBusyPercent * ph.cores).toFixed(0), '');
  }
  rows.push(totals, machine);
  const seconds = phases.map((p) => `${p.label} ${p.seconds.toFixed(1)} s`).join(', ');
  return `${columns(header, rows)}\n(cpu % = CPU time / wall time, 100 = one core of ${phases[0]?.cores}; phases: ${seconds})`;
}
