// The soak's memory verdicts, pure (loadtests/soak.mjs samples, this module judges and prints):
// the resident-memory table over time per process, the plateau check (the slope of a least-squares
// line through the total RSS over the last third of the load, in MB per minute, below a threshold)
// and the stack's RSS at rest against its target.
import { columns } from './report.mjs';

/** A plateau: the last third of the load grows by less than this many MB per minute. */
export const PLATEAU_MB_PER_MIN = 2;
/** `npm start` (one process) at rest after the load, MB. */
export const REST_TARGET_MB = 600;

/**
 * @typedef {object} MemorySample
 * @property {number} seconds  since the load started
 * @property {Record<string, number>} rssMb  per process name
 */

/** @param {MemorySample} s */
export const totalMb = (s) => Object.values(s.rssMb).reduce((a, b) => a + b, 0);

/**
 * Slope of the least-squares line through `points` ([x, y]); 0 with fewer than two distinct x.
 * @param {[number, number][]} points
 */
export function slope(points) {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/**
 * The plateau check over the samples of the load: the slope (MB per minute) of the total RSS over the
 * samples in the last third of the load's time, and whether it is below `threshold`.
 * @param {MemorySample[]} samples
 * @param {number} [threshold]
 * @returns {{ slopeMbPerMin: number; from: number; to: number; points: number; plateau: boolean }}
 */
export function plateauCheck(samples, threshold = PLATEAU_MB_PER_MIN) {
  const end = samples.length ? (samples[samples.length - 1]?.seconds ?? 0) : 0;
  const from = (end * 2) / 3;
  const last = samples.filter((s) => s.seconds >= from);
  const perMin = slope(last.map((s) => [s.seconds / 60, totalMb(s)]));
  return {
    slopeMbPerMin: perMin,
    from,
    to: end,
    points: last.length,
    plateau: last.length >= 3 && perMin < threshold,
  };
}

/**
 * The memory table: one row per sample (minute, RSS of each process, total), processes in the order
 * first seen.
 * @param {MemorySample[]} samples
 */
export function memoryTable(samples) {
  /** @type {string[]} */
  const names = [];
  for (const s of samples) for (const n of Object.keys(s.rssMb)) if (!names.includes(n)) names.push(n);
  const header = ['minute', ...names.map((n) => `${n} MB`), 'total MB'];
  const rows = samples.map((s) => [
    (s.seconds / 60).toFixed(1),
    ...names.map((n) => (s.rssMb[n] === undefined ? '-' : s.rssMb[n].toFixed(0))),
    totalMb(s).toFixed(0),
  ]);
  return columns(header, rows);
}

/**
 * The closing lines: the plateau check and the RSS at rest against REST_TARGET_MB.
 * @param {MemorySample[]} samples
 * @param {number} restMb
 * @param {number} [threshold]
 */
export function soakVerdict(samples, restMb, threshold = PLATEAU_MB_PER_MIN) {
  const p = plateauCheck(samples, threshold);
  return [
    `plateau (last third of the load, ${(p.from / 60).toFixed(1)} to ${(p.to / 60).toFixed(1)} min, ${p.points} samples): ` +
      `least-squares slope ${p.slopeMbPerMin >= 0 ? '+' : ''}${p.slopeMbPerMin.toFixed(2)} MB/min of the total RSS, threshold < ${threshold} MB/min: ` +
      `${p.points < 3 ? 'too few samples' : p.plateau ? 'met' : 'NOT met'}`,
    `resident memory at rest after the load: ${restMb.toFixed(0)} MB, target < ${REST_TARGET_MB} MB: ${restMb < REST_TARGET_MB ? 'met' : 'NOT met'}`,
  ];
}
