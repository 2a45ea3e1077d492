/**
 * glibc's malloc settings of `npm start` (scripts/lib/malloc-tunables.mjs): package.json's start
 * script, run by a POSIX shell as npm runs it, hands start.mjs exactly MALLOC_TUNABLES, and a value
 * the caller set wins. (start.test.ts checks the started processes' own environment.)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MALLOC_TUNABLES, withMallocTunables } from './lib/malloc-tunables.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const startScript = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts.start!;
const NAMES = Object.keys(MALLOC_TUNABLES);

/** The malloc variables start.mjs would see when the start script runs with `env` on top. */
function seen(env: Record<string, string>): Record<string, string> {
  const probe = startScript.replace(
    'node scripts/start.mjs',
    `node -e 'console.log(JSON.stringify(Object.fromEntries(${JSON.stringify(NAMES)}.map((n) => [n, process.env[n]]))))'`,
  );
  expect(probe).not.toBe(startScript);
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !NAMES.includes(k)));
  return JSON.parse(
    execFileSync('sh', ['-c', probe], { env: { ...base, ...env }, encoding: 'utf8' }),
  ) as Record<string, string>;
}

describe("npm start's malloc settings", () => {
  it('the start script sets MALLOC_TUNABLES, and a value set by the caller wins', () => {
    expect(seen({})).toEqual(MALLOC_TUNABLES);
    expect(seen({ MALLOC_TRIM_THRESHOLD_: '65536' })).toEqual({
      ...MALLOC_TUNABLES,
      MALLOC_TRIM_THRESHOLD_: '65536',
    });
  });

  it('withMallocTunables adds them unless the environment has its own', () => {
    expect(withMallocTunables({ A: '1' })).toEqual({ A: '1', ...MALLOC_TUNABLES });
    expect(withMallocTunables({ MALLOC_MMAP_THRESHOLD_: '1' }).MALLOC_MMAP_THRESHOLD_).toBe('1');
    expect(withMallocTunables({ MALLOC_MMAP_THRESHOLD_: '' })).toEqual(MALLOC_TUNABLES);
  });
});
