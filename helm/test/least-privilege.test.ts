// Least privilege: each workload receives from a Secret only variables its own configuration reads,
// and every secret of the chart that a process reads reaches it when configured. What a process
// reads is recorded by running its real configuration readers (process-config.ts), not listed here.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CHART_DIR, get, renderedScenarios, REPO_ROOT } from './helm.js';
import { COMPONENTS, envOf, nameOf, SCENARIOS, type Component } from './expectations.js';
import { directEnvReads, readsOf, sourceDir, validatorOf } from './process-config.js';

const rendered = renderedScenarios(SCENARIOS);

/** The variable a key of secrets.values reaches a process as (SERVICE_KEY_<C> is its SERVICE_KEY). */
const variableOf = (key: string) => key.replace(/^(SERVICE_KEY|NATS_PASSWORD)_[A-Z]+$/, '$1');
const SECRET_VALUES = Object.keys(
  (parse(fs.readFileSync(path.join(CHART_DIR, 'values.yaml'), 'utf8')) as { secrets: { values: object } })
    .secrets.values,
);
/** Variables the chart passes from its Secret, except the backend URLs (scoped by components.*.backends). */
const APP_SECRETS = new Set(SECRET_VALUES.map(variableOf));

const reads = new Map<Component, Set<string>>();
beforeAll(async () => {
  for (const c of COMPONENTS) reads.set(c, readsOf(await validatorOf(c)));
});

const secretVariables = (env: ReturnType<typeof envOf>) =>
  [...env.values()].filter((e) => e.valueFrom?.secretKeyRef && APP_SECRETS.has(e.name)).map((e) => e.name);

describe('least privilege', () => {
  it('the readers are what the processes read: STRIPE_* by payment only, SERVICE_JWKS by services only', () => {
    // a sanity check on the recording itself (the real assertions are below)
    expect(reads.get('payment')).toContain('STRIPE_SECRET_KEY');
    expect(reads.get('bff')).toContain('SESSION_SECRET');
    expect(reads.get('bff')).not.toContain('STRIPE_SECRET_KEY');
    expect(reads.get('bff')).not.toContain('SERVICE_JWKS');
    expect(reads.get('canvas')).toContain('SERVICE_JWKS');
  });

  it.each(SCENARIOS.map((s) => [s.label, s] as const))(
    '%s: no workload gets a secret its configuration does not read',
    (_label, s) => {
      const m = rendered.get(s.label)!;
      for (const c of COMPONENTS) {
        const given = secretVariables(envOf(get(m, 'Deployment', nameOf(s.release, c))));
        const unread = given.filter((v) => !reads.get(c)!.has(v));
        expect(unread, `${c} is handed secrets it never reads`).toEqual([]);
      }
    },
  );

  it('with every secret configured, each workload gets exactly the secrets it reads', () => {
    const s = SCENARIOS.find((x) => x.label === 'prod overlay + real backends + ingress')!;
    const m = rendered.get(s.label)!;
    for (const c of COMPONENTS) {
      const given = secretVariables(envOf(get(m, 'Deployment', nameOf(s.release, c)))).sort();
      const wanted = [...reads.get(c)!].filter((v) => APP_SECRETS.has(v)).sort();
      expect(given, c).toEqual(wanted);
    }
  });

  it('no process reads a secret around its configuration readers (process.env)', () => {
    const dirs = [path.join(REPO_ROOT, 'services/kit/src'), ...COMPONENTS.map(sourceDir)];
    for (const dir of dirs) {
      const direct = [...directEnvReads(dir)].filter((v) => APP_SECRETS.has(v));
      expect(direct, path.relative(REPO_ROOT, dir)).toEqual([]);
    }
  });
});
