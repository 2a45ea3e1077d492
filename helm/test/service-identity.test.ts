// The chart installs as documented: without keys in the values, its pre-install/pre-upgrade hook
// Job creates the service identity Secret, which every workload references; what the Job writes is
// exactly what the kit parses; an upgrade (the Job again) keeps every key; and each values file
// renders workloads whose real configuration validation passes on the environment they get.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJwks, parsePrivateKey, publicJwkOf, TokenSigner, TokenVerifier } from '@tessera/kit';
import { CHART_DIR, ensureHelm, get, renderChart, REPO_ROOT, type Manifest } from './helm.js';
import {
  COMPONENTS,
  container,
  deploymentSpec,
  nameOf,
  PORTS,
  PROD_EXISTING_SECRET,
  VALUES_DEV,
  type Component,
  type EnvVar,
} from './expectations.js';
import { FakeKubeApi, generatedKeys, jobCommand, jobOf, runJob } from './identity-job.js';
import { allows, releasePod, type Endpoint } from './netpol-eval.js';
import { problemsOf, validatorOf, type Env, type Validate } from './process-config.js';

const SCRIPT = path.join(CHART_DIR, 'files/service-identity.mjs');
const NATS_SERVER = '/usr/sbin/nats-server';
const identitySecret = (release: string) => `${nameOf(release, 'identity')}`;
const listArg = (m: readonly Manifest[], flag: string) => {
  const { args } = jobCommand(m);
  return args[args.indexOf(flag) + 1]!.split(',');
};

let api: FakeKubeApi;
const validators = new Map<Component, Validate>();
beforeAll(async () => {
  ensureHelm();
  api = await new FakeKubeApi().start();
  for (const c of COMPONENTS) validators.set(c, await validatorOf(c));
});
afterAll(() => api.close());

describe('the service identity the chart generates', () => {
  it('a pre-install/pre-upgrade hook Job runs the chart script from its ConfigMap, for the Secret every workload reads', () => {
    const m = renderChart('tessera');
    const job = jobOf(m);
    expect(job.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(get(m, 'ConfigMap', job.metadata.name).data?.['service-identity.mjs']).toBe(
      fs.readFileSync(SCRIPT, 'utf8'),
    );
    const { args } = jobCommand(m);
    expect(args[args.indexOf('--secret') + 1]).toBe('tessera-identity');
    expect(listArg(m, '--processes').sort()).toEqual([...COMPONENTS, 'ops'].sort());
    for (const c of COMPONENTS) {
      const ref = (container(get(m, 'Deployment', nameOf('tessera', c))).env ?? []).find(
        (e) => e.name === 'SERVICE_KEY',
      );
      expect(ref?.valueFrom?.secretKeyRef, c).toEqual({
        name: 'tessera-identity',
        key: `SERVICE_KEY_${c.toUpperCase()}`,
        optional: false,
      });
    }
  });

  it('skaffold dev: the Job runs node from the identity image skaffold built and deploys', () => {
    // what skaffold.yaml's setValueTemplates pass for the identity artifact, with the dev profile
    const built = `registry.local/tessera-identity:abc123@sha256:${'0'.repeat(64)}`;
    const m = renderChart('tessera', [
      '-f',
      VALUES_DEV,
      '--set',
      'components.identity.image.repository=registry.local/tessera-identity',
      '--set',
      `components.identity.image.tag=abc123@sha256:${'0'.repeat(64)}`,
    ]);
    const image = (jobOf(m).spec as unknown as { template: { spec: { containers: { image: string }[] } } })
      .template.spec.containers[0]!.image;
    expect(image).toBe(built);
    expect(image).toBe(container(get(m, 'Deployment', nameOf('tessera', 'identity'))).image);
  });

  it('install: the Job creates the Secret, and the services parse and verify what it holds', async () => {
    const m = renderChart('tessera');
    const out = await runJob(m, api, 'install');
    expect(out).toContain('created Secret tessera-identity');
    expect(out).not.toContain('PRIVATE KEY');
    const data = api.dataOf('install', 'tessera-identity')!;
    expect(Object.keys(data).sort()).toEqual(generatedKeys(m).sort());
    const jwks = parseJwks(data.SERVICE_JWKS!);
    const processes = listArg(m, '--processes');
    expect(jwks.size).toBe(processes.length);
    for (const p of processes) {
      const key = parsePrivateKey(data[`SERVICE_KEY_${p.toUpperCase()}`]!);
      expect(jwks.get(publicJwkOf(p, key).kid)?.owner, p).toBe(p);
      const token = await new TokenSigner(p, key).token('canvas');
      expect(await new TokenVerifier('canvas', jwks).verify(token), p).toBe(p);
    }
    const passwords = listArg(m, '--nats').map((p) => data[`NATS_PASSWORD_${p.toUpperCase()}`]!);
    for (const pw of passwords) expect(pw).toMatch(/^[A-Za-z][A-Za-z0-9]{31,}$/);
    expect(new Set(passwords).size).toBe(passwords.length);
    if (fs.existsSync(NATS_SERVER)) {
      const env = Object.fromEntries(Object.entries(data).filter(([k]) => k.startsWith('NATS_PASSWORD_')));
      const res = spawnSync(
        NATS_SERVER,
        ['-t', '-c', path.join(CHART_DIR, 'files/nats-authorization.conf')],
        {
          env: { PATH: process.env.PATH, ...env },
          encoding: 'utf8',
        },
      );
      expect(res.status, res.stderr + res.stdout).toBe(0);
    }
  });

  it('upgrade: the Job runs again and changes nothing; rendering twice gives the same Secret reference', async () => {
    const m = renderChart('tessera');
    await runJob(m, api, 'upgrade');
    const before = api.dataOf('upgrade', 'tessera-identity');
    const writes = api.writes.length;
    const again = renderChart('tessera');
    expect(JSON.stringify(again)).toBe(JSON.stringify(m));
    expect(JSON.stringify(again)).not.toContain('PRIVATE KEY');
    expect(await runJob(again, api, 'upgrade')).toContain('left as it is');
    expect(api.writes.length).toBe(writes);
    expect(api.dataOf('upgrade', 'tessera-identity')).toEqual(before);
  });

  it('upgrade with a new process: its key is added, every existing key and password is kept', async () => {
    const m = renderChart('tessera');
    await runJob(m, api, 'grow');
    const before = api.dataOf('grow', 'tessera-identity')!;
    const processes = [...listArg(m, '--processes'), 'extra'].join(',');
    expect(await runJob(m, api, 'grow', ['--processes', processes])).toContain(
      'completed Secret tessera-identity: SERVICE_KEY_EXTRA, SERVICE_JWKS',
    );
    const after = api.dataOf('grow', 'tessera-identity')!;
    for (const [k, v] of Object.entries(before)) if (k !== 'SERVICE_JWKS') expect(after[k], k).toBe(v);
    const owners = [...parseJwks(after.SERVICE_JWKS!).values()].map((k) => k.owner);
    expect(owners.sort()).toEqual(processes.split(',').sort());
  });

  it('its pod may reach the API server and nothing else (no component)', () => {
    const m = renderChart('tessera', ['--set', 'serviceIdentity.job.apiServer.cidrs={10.96.0.1/32}']);
    const labels = (
      jobOf(m).spec as unknown as { template: { metadata: { labels: Record<string, string> } } }
    ).template.metadata.labels;
    const job = releasePod(labels);
    const apiServer: Endpoint = { ip: '10.96.0.1' };
    expect(allows(m, job, apiServer, 443)).toBe(true);
    expect(allows(m, job, apiServer, 6443)).toBe(true);
    expect(allows(m, job, { ip: '10.96.0.2' }, 443)).toBe(false);
    expect(allows(m, job, apiServer, 80)).toBe(false);
    for (const c of COMPONENTS) {
      const pod = releasePod(
        deploymentSpec(get(m, 'Deployment', nameOf('tessera', c))).template.metadata.labels,
      );
      expect(allows(m, job, pod, PORTS[c]), `job -> ${c}`).toBe(false);
    }
    // the release's default deny isolates it: without its own policy it could reach nothing
    const withoutOwn = m.filter(
      (x) => !(x.kind === 'NetworkPolicy' && x.metadata.name === jobOf(m).metadata.name),
    );
    expect(allows(withoutOwn, job, apiServer, 443)).toBe(false);
  });

  it('in a pod: reaches the API server over TLS at KUBERNETES_SERVICE_HOST with the service account CA', async () => {
    const tlsApi = await new FakeKubeApi().start({ tls: true });
    try {
      const m = renderChart('tessera');
      expect(await runJob(m, tlsApi, 'tls')).toContain('created Secret tessera-identity');
      expect(await runJob(m, tlsApi, 'tls')).toContain('left as it is');
      expect(Object.keys(tlsApi.dataOf('tls', 'tessera-identity')!).sort()).toEqual(generatedKeys(m).sort());
    } finally {
      await tlsApi.close();
    }
  });

  it('a key in the Secret that the services could not parse is never replaced: the Job fails', async () => {
    const m = renderChart('tessera');
    await runJob(m, api, 'broken');
    const stored = api.secrets.get('broken/tessera-identity')!;
    stored.data.SERVICE_KEY_CANVAS = Buffer.from('not a key').toString('base64');
    await expect(runJob(m, api, 'broken')).rejects.toThrow(
      /SERVICE_KEY_CANVAS in the Secret is not an Ed25519 private key/,
    );
  });
});

/** A workload's environment as the kubelet builds it, from the rendered objects and the Job's Secret. */
function resolveEnv(m: readonly Manifest[], vars: readonly EnvVar[], identity: Record<string, string>): Env {
  const env: Env = {};
  for (const v of vars) {
    if (v.value !== undefined) env[v.name] = v.value;
    else if (v.valueFrom?.secretKeyRef) {
      const { name, key, optional } = v.valueFrom.secretKeyRef;
      const rendered = m.find((x) => x.kind === 'Secret' && x.metadata.name === name);
      let value: string | undefined;
      if (rendered) {
        const b64 = rendered.data?.[key];
        value = b64 === undefined ? undefined : Buffer.from(b64, 'base64').toString('utf8');
      } else if (name.endsWith('-identity')) value = identity[key];
      // a Secret managed outside the chart: assume the worst, that it lacks the key
      if (value === undefined && !optional) throw new Error(`${v.name}: Secret ${name} has no key ${key}`);
      if (value !== undefined) env[v.name] = value;
    } else throw new Error(`${v.name}: a source the test cannot resolve (${JSON.stringify(v.valueFrom)})`);
  }
  return env;
}

const VALUES_FILES = [
  { file: 'values.yaml', release: 'tessera', args: [] as string[] },
  { file: 'values-dev.yaml', release: 'dev', args: ['-f', VALUES_DEV] },
  // as the skaffold prod profile passes it: backend URLs and an existing Secret from the environment
  { file: 'values-prod.yaml', release: 'prod', args: PROD_EXISTING_SECRET },
];

describe('every values file: each workload passes its own configuration validation', () => {
  it.each(VALUES_FILES)('$file', async ({ release, args }) => {
    const m = renderChart(release, args);
    await runJob(m, api, `config-${release}`);
    const identity = api.dataOf(`config-${release}`, identitySecret(release))!;
    for (const c of COMPONENTS) {
      const env = resolveEnv(m, container(get(m, 'Deployment', nameOf(release, c))).env ?? [], identity);
      expect(problemsOf(validators.get(c)!, env), c).toEqual([]);
    }
  });

  it('the same check catches a chart that gives no key (serviceIdentity.generate=false)', () => {
    const m = renderChart('tessera', ['--set', 'serviceIdentity.generate=false']);
    for (const c of COMPONENTS) {
      const env = resolveEnv(m, container(get(m, 'Deployment', nameOf('tessera', c))).env ?? [], {});
      expect(problemsOf(validators.get(c)!, env).join('\n'), c).toContain('SERVICE_KEY is required');
    }
  });
});

describe('scripts/service-keys.mjs (keys managed outside the chart)', () => {
  it('prints values the chart renders into workloads that pass their configuration validation', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-keys-'));
    const opsKey = path.join(dir, 'ops.key');
    const res = spawnSync(
      process.execPath,
      [path.join(REPO_ROOT, 'scripts/service-keys.mjs'), '--ops-key', opsKey],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      },
    );
    expect(res.status, res.stderr).toBe(0);
    const values = path.join(dir, 'identity-values.yaml');
    fs.writeFileSync(values, res.stdout);
    const m = renderChart('dev', ['-f', VALUES_DEV, '-f', values]);
    expect(m.some((x) => x.kind === 'Job')).toBe(false);
    for (const c of COMPONENTS) {
      const env = resolveEnv(m, container(get(m, 'Deployment', nameOf('dev', c))).env ?? [], {});
      expect(problemsOf(validators.get(c)!, env), c).toEqual([]);
    }
    const jwks = parseJwks(
      Buffer.from(get(m, 'Secret', 'dev-tessera-secrets').data!.SERVICE_JWKS!, 'base64').toString(),
    );
    expect(jwks.get(publicJwkOf('ops', parsePrivateKey(fs.readFileSync(opsKey, 'utf8'))).kid)?.owner).toBe(
      'ops',
    );
  });
});
