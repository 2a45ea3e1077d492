// The soak's verdicts (lib/soak-report.mjs): the least-squares slope, the plateau over the last third
// of the load only, the memory table and the RSS at rest against 600 MB.
import { describe, expect, it } from 'vitest';
import {
  memoryTable,
  plateauCheck,
  PLATEAU_MB_PER_MIN,
  REST_TARGET_MB,
  slope,
  soakVerdict,
  type MemorySample,
} from '../lib/soak-report.mjs';

/** One sample a minute for `minutes`, the total following `mb(minute)`, split over two processes. */
const series = (minutes: number, mb: (m: number) => number): MemorySample[] =>
  Array.from({ length: minutes + 1 }, (_, m) => ({
    seconds: m * 60,
    rssMb: { 'start.mjs': mb(m) - 100, redis: 100 },
  }));

describe('soak report', () => {
  it('fits a least-squares slope', () => {
    expect(
      slope([
        [0, 1],
        [1, 3],
        [2, 5],
      ]),
    ).toBeCloseTo(2);
    expect(slope([[0, 5]])).toBe(0);
    // noise around a flat line: slope near 0
    expect(
      Math.abs(
        slope([
          [0, 500],
          [1, 504],
          [2, 497],
          [3, 503],
          [4, 499],
        ]),
      ),
    ).toBeLessThan(1);
  });

  it('calls growth in the first two thirds that stops a plateau', () => {
    // grows 10 MB/min for 20 minutes, then flat for the last 10
    const s = series(30, (m) => 400 + 10 * Math.min(m, 20));
    const p = plateauCheck(s);
    expect(p.from).toBe(1200);
    expect(p.points).toBe(11);
    expect(p.slopeMbPerMin).toBeCloseTo(0);
    expect(p.plateau).toBe(true);
  });

  it('calls growth in the last third no plateau, above the threshold', () => {
    const s = series(30, (m) => 400 + (m > 20 ? 3 * (m - 20) : 0));
    const p = plateauCheck(s);
    expect(p.slopeMbPerMin).toBeCloseTo(3);
    expect(p.slopeMbPerMin).toBeGreaterThan(PLATEAU_MB_PER_MIN);
    expect(p.plateau).toBe(false);
    expect(soakVerdict(s, 500)[0]).toMatch(/slope \+3\.00 MB\/min .*threshold < 2 MB\/min: NOT met$/);
  });

  it('judges the RSS at rest against 600 MB', () => {
    const s = series(3, () => 480);
    expect(REST_TARGET_MB).toBe(600);
    expect(soakVerdict(s, 599)[1]).toMatch(/599 MB, target < 600 MB: met$/);
    expect(soakVerdict(s, 601)[1]).toMatch(/601 MB, target < 600 MB: NOT met$/);
  });

  it('prints a row per sample: minute, RSS per process, total', () => {
    const lines = memoryTable(series(2, (m) => 450 + m)).split('\n');
    expect(lines[0]).toMatch(/^minute\s+start\.mjs MB\s+redis MB\s+total MB$/);
    expect(lines[2]).toMatch(/^0\.0\s+350\s+100\s+450$/);
    expect(lines[4]).toMatch(/^2\.0\s+352\s+100\s+452$/);
  });
});
