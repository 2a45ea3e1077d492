// The symptom, end to end: each process of the chart started (its built dist/main.js) with
// the environment the default values render for it and the Secret the identity Job writes, starts
// and serves; with no service identity it exits with status 2 naming SERVICE_KEY. Only the listen
// address, the ports (server and metrics) and the data folder are moved to loopback port 0 and a
// temporary folder.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, renderChart, REPO_ROOT } from './helm.js';
import { COMPONENTS, container, nameOf, type EnvVar } from './expectations.js';
import { FakeKubeApi, runJob } from './identity-job.js';

let api: FakeKubeApi;
beforeAll(async () => {
  api = await new FakeKubeApi().start();
});
afterAll(() => api.close());

const mainOf = (c: string) => path.join(REPO_ROOT, c === 'bff' ? 'bff' : `services/${c}`, 'dist/main.js');

function envFrom(vars: readonly EnvVar[], secrets: Record<string, Record<string, string>>) {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
  for (const v of vars) {
    const ref = v.valueFrom?.secretKeyRef;
    const value = ref ? secrets[ref.name]?.[ref.key] : v.value;
    if (value !== undefined) env[v.name] = value;
  }
  return {
    ...env,
    HOST: '127.0.0.1',
    PORT: '0',
    METRICS_PORT: '0',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-chart-run-')),
  };
}

/** Runs `file` until it logs that it listens (then SIGTERM) or exits; resolves with what happened. */
function run(
  file: string,
  env: Record<string, string>,
): Promise<{ listened: boolean; code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let stderr = '';
    let listened = false;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      // the process's own server (`tessera-<name> listening`), not its metrics listener, which
      // listens first: a SIGTERM before the server's handlers are set would end it by the signal
      if (!listened && /tessera-[a-z]+ listening/.test(out)) {
        listened = true;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ listened, code, stderr }));
  });
}

describe('processes started with what the chart gives them', () => {
  it.each(COMPONENTS)('%s starts with the default values and the generated identity', async (c) => {
    const m = renderChart('tessera');
    await runJob(m, api, `start-${c}`);
    const identity = api.dataOf(`start-${c}`, 'tessera-identity')!;
    const env = envFrom(container(get(m, 'Deployment', nameOf('tessera', c))).env ?? [], {
      'tessera-identity': identity,
    });
    const res = await run(mainOf(c), env);
    expect(res.listened, res.stderr).toBe(true);
    expect(res.code, res.stderr).toBe(0);
  });

  it('without a service identity a process exits with status 2 naming SERVICE_KEY', async () => {
    const m = renderChart('tessera', ['--set', 'serviceIdentity.generate=false']);
    const res = await run(
      mainOf('canvas'),
      envFrom(container(get(m, 'Deployment', 'tessera-canvas')).env ?? [], {}),
    );
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('SERVICE_KEY is required');
  });
});
