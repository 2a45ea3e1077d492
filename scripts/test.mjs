#!/usr/bin/env node
// `npm test`: every unit, contract and integration test (vitest), then one closing summary line.
// It first builds whatever is not built yet: some integration tests run the built services as real
// processes (kill -9 and restart).
// Real-adapter contract suites run only when their variable is set (REDIS_URL, NATS_URL, MONGODB_URL);
// the ones not run are named here so a green run never hides them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildChanged, root } from './workspaces.mjs';

const report = path.join(root, 'test-output', 'vitest.json');
fs.mkdirSync(path.dirname(report), { recursive: true });
fs.rmSync(report, { force: true });

if (!buildChanged()) {
  console.error('build failed; not running the tests');
  process.exit(1);
}

const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
const run = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: process.env });

const notRun = [
  ['REDIS_URL', 'key-value contract suite against Redis'],
  ['NATS_URL', 'event-bus contract suite against NATS JetStream'],
  ['MONGODB_URL', 'document-store contract suite against MongoDB'],
].filter(([name]) => !process.env[name]);
for (const [name, what] of notRun) console.log(`not run: ${what} (${name} is not set)`);
// integration/metrics/prometheus.test.ts needs Debian's prometheus binary (.ci/run installs it)
const onPath = (bin) =>
  (process.env.PATH ?? '').split(path.delimiter).some((d) => fs.existsSync(path.join(d, bin)));
if (!process.env.PROMETHEUS_BIN && !onPath('prometheus'))
  console.log(
    'not run: dashboard and alert queries against Prometheus (no prometheus binary: apt-get install prometheus)',
  );

let summary = null;
try {
  summary = JSON.parse(fs.readFileSync(report, 'utf8'));
} catch {
  // vitest failed before writing its report; its exit code decides
}
if (summary) {
  const skipped = summary.numPendingTests + summary.numTodoTests;
  console.log(`${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${skipped} skipped`);
  if (summary.numTotalTests === 0) {
    console.error('no test ran');
    process.exit(1);
  }
}
process.exit(run.status ?? 1);
