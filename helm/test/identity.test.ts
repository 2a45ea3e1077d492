// Service identity in the chart: every process gets its own key and the published keys from the
// Secret, a production render without them fails, and the development NATS runs the NATS users
// generated from the trust table (files/nats-authorization.conf, kept current by
// `node scripts/nats-config.mjs --write`) once their passwords are in the Secret.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { natsAuthorization, EVENT_PROCESSES } from '../../services/kit/src/bus/nats-permissions.js';
import { CHART_DIR, ensureHelm, get, helm, renderChart } from './helm.js';
import { COMPONENTS, envOf, FIXTURE, nameOf, SERVICES, VALUES_DEV, VALUES_PROD } from './expectations.js';

const AUTH_FILE = path.join(CHART_DIR, 'files/nats-authorization.conf');
const NATS_SERVER = '/usr/sbin/nats-server';

/** A values file with made-up identity secrets for every component (the chart does not parse them). */
function identityValues(): string {
  const values: Record<string, string> = { SERVICE_JWKS: '{"keys":[]}' };
  for (const c of COMPONENTS) {
    values[`SERVICE_KEY_${c.toUpperCase()}`] = `key-of-${c}`;
    values[`NATS_PASSWORD_${c.toUpperCase()}`] = `nats-password-of-${c}`;
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-helm-id-')), 'identity.yaml');
  fs.writeFileSync(file, stringify({ secrets: { values } }));
  return file;
}

beforeAll(() => {
  ensureHelm();
});

describe('service identity in the chart', () => {
  it('the NATS users file is the one generated from the trust table', () => {
    expect(fs.readFileSync(AUTH_FILE, 'utf8')).toBe(natsAuthorization({ passwords: 'env' }));
  });

  it.skipIf(!fs.existsSync(NATS_SERVER))(
    'nats-server accepts the file with every password in its environment, and refuses it without one',
    () => {
      const env = Object.fromEntries(
        EVENT_PROCESSES.map((p) => [`NATS_PASSWORD_${p.toUpperCase()}`, `pw-${p}`]),
      );
      const ok = spawnSync(NATS_SERVER, ['-t', '-c', AUTH_FILE], {
        env: { PATH: process.env.PATH, ...env },
        encoding: 'utf8',
      });
      expect(ok.status, ok.stderr + ok.stdout).toBe(0);
      const missing = { ...env };
      delete missing.NATS_PASSWORD_BFF;
      const bad = spawnSync(NATS_SERVER, ['-t', '-c', AUTH_FILE], {
        env: { PATH: process.env.PATH, ...missing },
        encoding: 'utf8',
      });
      expect(bad.status).not.toBe(0);
      expect(bad.stderr + bad.stdout).toContain('NATS_PASSWORD_BFF');
    },
  );

  it('production: every process gets SERVICE_KEY from its own key of the Secret, services SERVICE_JWKS', () => {
    const m = renderChart('prod', ['-f', VALUES_PROD, '-f', FIXTURE]);
    for (const c of COMPONENTS) {
      const env = envOf(get(m, 'Deployment', nameOf('prod', c)));
      expect(env.get('SERVICE_KEY')?.valueFrom?.secretKeyRef?.key, c).toBe(`SERVICE_KEY_${c.toUpperCase()}`);
      expect(env.get('SERVICE_JWKS')?.valueFrom?.secretKeyRef?.key, c).toBe(
        c === 'bff' ? undefined : 'SERVICE_JWKS',
      );
      expect(env.get('NATS_USER')?.value, c).toBe(c);
      expect(env.get('NATS_PASSWORD')?.valueFrom?.secretKeyRef?.key, c).toBe(
        `NATS_PASSWORD_${c.toUpperCase()}`,
      );
    }
  });

  it('production refuses to render without a process key, the published keys or a NATS password', () => {
    for (const key of ['SERVICE_KEY_CANVAS', 'SERVICE_JWKS', 'NATS_PASSWORD_LOCK']) {
      const res = helm([
        'template',
        'x',
        CHART_DIR,
        '-f',
        VALUES_PROD,
        '-f',
        FIXTURE,
        '--set',
        `secrets.values.${key}=`,
      ]);
      expect(res.status, key).not.toBe(0);
      expect(res.stderr).toContain(`${key} (service identity) is not configured`);
    }
  });

  it('generation off and no keys: no key reaches a process (it refuses to start, naming SERVICE_KEY)', () => {
    const m = renderChart('tessera', ['--set', 'serviceIdentity.generate=false']);
    expect(m.some((x) => x.kind === 'Job')).toBe(false);
    for (const c of COMPONENTS) {
      const env = envOf(get(m, 'Deployment', nameOf('tessera', c)));
      expect(env.has('SERVICE_KEY') || env.has('NATS_USER'), c).toBe(false);
    }
  });

  it('keys in secrets.values: no hook Job, every key from the chart Secret', () => {
    const m = renderChart('dev', ['-f', VALUES_DEV, '-f', identityValues()]);
    expect(m.some((x) => x.kind === 'Job')).toBe(false);
    for (const c of COMPONENTS)
      expect(
        envOf(get(m, 'Deployment', nameOf('dev', c))).get('SERVICE_KEY')?.valueFrom?.secretKeyRef?.name,
      ).toBe('dev-tessera-secrets');
  });

  it('development: the in-release NATS runs one user per process once their passwords are in the Secret', () => {
    const open = renderChart('dev', ['-f', VALUES_DEV, '--set', 'serviceIdentity.generate=false']);
    const openArgs = (get(open, 'Deployment', nameOf('dev', 'nats')).spec as unknown as NatsDeployment)
      .template.spec.containers[0]!.args;
    expect(openArgs).not.toContain('--config');

    const m = renderChart('dev', ['-f', VALUES_DEV, '-f', identityValues()]);
    const config = get(m, 'ConfigMap', `${nameOf('dev', 'nats')}-config`);
    expect(config.data?.['authorization.conf']).toBe(fs.readFileSync(AUTH_FILE, 'utf8'));
    const nats = (get(m, 'Deployment', nameOf('dev', 'nats')).spec as unknown as NatsDeployment).template.spec
      .containers[0]!;
    expect(nats.args.slice(-2)).toEqual(['--config', '/etc/nats/authorization.conf']);
    const passwords = new Map(nats.env!.map((e) => [e.name, e.valueFrom?.secretKeyRef]));
    for (const c of COMPONENTS)
      expect(passwords.get(`NATS_PASSWORD_${c.toUpperCase()}`), c).toEqual({
        name: 'dev-tessera-secrets',
        key: `NATS_PASSWORD_${c.toUpperCase()}`,
        optional: false,
      });
    for (const c of SERVICES)
      expect(envOf(get(m, 'Deployment', nameOf('dev', c))).get('NATS_USER')?.value).toBe(c);
  });
});

interface NatsDeployment {
  template: {
    spec: {
      containers: {
        args: string[];
        env?: {
          name: string;
          valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
        }[];
      }[];
    };
  };
}
