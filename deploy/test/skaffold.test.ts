// Checks skaffold.yaml, the per-process Dockerfiles and the Helm values agree: every component has an
// artifact built by its own Dockerfile, every Dockerfile runs `<pkg>/dist/main.js` on the right port as
// a non-root user, and the images are wired into the chart. (No skaffold or Docker engine runs here.)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COMPONENTS, commandFor, IMAGES } from '../components.mjs';
import { staleDockerfiles } from '../dockerfiles.mjs';
import { execForm, parseDockerfile } from './dockerfile.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (p: string) => fs.readFileSync(path.join(ROOT, p), 'utf8');

interface Artifact {
  image: string;
  context?: string;
  docker?: { dockerfile?: string; buildArgs?: Record<string, string> };
}
interface Release {
  name: string;
  chartPath: string;
  valuesFiles?: string[];
  setValueTemplates?: Record<string, string>;
}
interface Patch {
  op: string;
  path: string;
  value: unknown;
}
interface SkaffoldConfig {
  apiVersion: string;
  kind: string;
  build: { artifacts: Artifact[]; tagPolicy?: Record<string, unknown> };
  deploy: { helm: { releases: Release[] } };
  portForward?: { resourceType: string; resourceName: string; port: number }[];
  profiles?: { name: string; patches?: Patch[] }[];
}
interface ComponentValues {
  image: { repository: string; tag?: string };
  port: number;
}

const skaffold = parse(read('skaffold.yaml')) as SkaffoldConfig;
const values = parse(read('helm/tessera/values.yaml')) as { components: Record<string, ComponentValues> };
const artifacts = skaffold.build.artifacts;
const release = skaffold.deploy.helm.releases[0]!;
/** Skaffold's template key for an image name: `/ - . :` become `_`. */
const sanitize = (image: string) => image.replace(/[/\-.:]/g, '_');
const artifactFor = (image: string) => artifacts.find((a) => a.image === image);

describe('skaffold.yaml', () => {
  it('is a v4 skaffold config with one release of the chart', () => {
    expect(skaffold.apiVersion).toMatch(/^skaffold\/v4beta\d+$/);
    expect(skaffold.kind).toBe('Config');
    expect(skaffold.deploy.helm.releases).toHaveLength(1);
    expect(fs.existsSync(path.join(ROOT, release.chartPath, 'Chart.yaml'))).toBe(true);
    // The sha256 tagger tags everything "latest", which the chart refuses.
    expect(Object.keys(skaffold.build.tagPolicy ?? {})).not.toContain('sha256');
  });

  it('builds one artifact per process, from the repo root, with a Dockerfile that exists', () => {
    expect(new Set(artifacts.map((a) => a.image)).size).toBe(artifacts.length);
    expect(artifacts).toHaveLength(COMPONENTS.length);
    for (const a of artifacts) {
      expect(a.context ?? '.', a.image).toBe('.');
      const dockerfile = a.docker?.dockerfile;
      expect(dockerfile, a.image).toBeTruthy();
      expect(fs.existsSync(path.join(ROOT, dockerfile!)), dockerfile).toBe(true);
    }
  });

  it('has an artifact for every component of values.yaml, built by that component’s Dockerfile', () => {
    const names = Object.keys(values.components);
    expect(names.sort()).toEqual(COMPONENTS.map((c) => c.name).sort());
    for (const c of COMPONENTS) {
      const v = values.components[c.name]!;
      expect(v.image.repository, c.name).toBe(c.image);
      expect(v.port, c.name).toBe(c.port);
      expect(artifactFor(c.image)?.docker?.dockerfile, c.name).toBe(`${c.dir}/Dockerfile`);
      const pkg = JSON.parse(read(`${c.dir}/package.json`)) as { name: string };
      expect(pkg.name).toBe(`@tessera/${c.name}`);
    }
  });

  it('hands each built image to its chart component (setValueTemplates)', () => {
    const t = release.setValueTemplates ?? {};
    for (const c of COMPONENTS) {
      const key = sanitize(c.image);
      expect(t[`components.${c.name}.image.repository`]).toBe(`{{.IMAGE_REPO_${key}}}`);
      expect(t[`components.${c.name}.image.tag`]).toBe(`{{.IMAGE_TAG_${key}}}@{{.IMAGE_DIGEST_${key}}}`);
    }
    const referenced = Object.values(t).join(' ');
    for (const a of artifacts) expect(referenced).toContain(`IMAGE_REPO_${sanitize(a.image)}}}`);
  });

  it('has a dev profile (embedded backends, one replica) and a prod profile (real backends, HPA)', () => {
    const profile = (name: string) => {
      const p = skaffold.profiles?.find((x) => x.name === name);
      expect(p, `profile ${name}`).toBeDefined();
      return p!.patches ?? [];
    };
    const valuesFiles = (patches: Patch[]) =>
      patches
        .filter((p) => p.path === '/deploy/helm/releases/0/valuesFiles')
        .flatMap((p) => p.value as string[]);

    const dev = valuesFiles(profile('dev'));
    expect(dev).toEqual(['helm/tessera/values-dev.yaml']);
    const devValues = parse(read(dev[0]!)) as {
      components: Record<string, { replicas: number; hpa: { enabled: boolean } }>;
    };
    for (const c of COMPONENTS) {
      expect(devValues.components[c.name]).toMatchObject({ replicas: 1, hpa: { enabled: false } });
    }

    const prodPatches = profile('prod');
    const prod = valuesFiles(prodPatches);
    expect(prod).toEqual(['helm/tessera/values-prod.yaml']);
    const prodValues = parse(read(prod[0]!)) as {
      backends: { requireExternal: boolean };
      components: Record<string, { hpa: { enabled: boolean } }>;
    };
    expect(prodValues.backends.requireExternal).toBe(true);
    for (const c of COMPONENTS) expect(prodValues.components[c.name]?.hpa.enabled).toBe(true);
    const setPaths = prodPatches.map((p) => p.path);
    for (const key of [
      'backends.mongodbUrl',
      'backends.redisUrl',
      'backends.natsUrl',
      'secrets.existingSecret',
    ]) {
      expect(setPaths).toContain(`/deploy/helm/releases/0/setValueTemplates/${key}`);
    }
  });

  it('port-forwards the BFF Service of the release', () => {
    const bff = COMPONENTS.find((c) => c.name === 'bff')!;
    expect(skaffold.portForward).toContainEqual(
      expect.objectContaining({
        resourceType: 'service',
        resourceName: `${release.name}-bff`,
        port: bff.port,
      }),
    );
  });
});

describe.each(IMAGES)('$dir/Dockerfile', (c) => {
  const { globals, stages } = parseDockerfile(read(`${c.dir}/Dockerfile`));
  const runtime = stages[stages.length - 1]!;
  const last = (keyword: string) => runtime.instructions.filter((i) => i.keyword === keyword).at(-1);

  it(`runs ${c.dir}/dist/main.js with the OpenTelemetry preload`, () => {
    const cmd = execForm(last('CMD')!.args);
    expect(cmd).toEqual(commandFor(c));
    expect(cmd).toEqual(['node', '--import', '@tessera/kit/instrument', `${c.dir}/dist/main.js`]);
    // what deploy/README.md says the images run
    const documented = /`CMD (\[[^`]+\])`/.exec(read('deploy/README.md'))?.[1];
    expect(JSON.parse(documented!.replace('<pkg>', c.dir))).toEqual(cmd);
    expect(last('ENTRYPOINT')).toBeUndefined();
  });

  it(`exposes ${c.port}, runs as a numeric non-root user, on node:20-bookworm-slim pinned by digest`, () => {
    expect(last('EXPOSE')?.args).toBe(String(c.port));
    const user = last('USER')?.args ?? '';
    expect(user).toMatch(/^\d+(:\d+)?$/);
    expect(Number(user.split(':')[0])).toBeGreaterThan(0);
    const nodeImage = globals.find((g) => g.keyword === 'ARG' && g.args.startsWith('NODE_IMAGE='))?.args;
    expect(nodeImage).toMatch(/^NODE_IMAGE=node:20-bookworm-slim@sha256:[0-9a-f]{64}$/);
    expect(runtime.from).toBe('${NODE_IMAGE}');
  });

  it('installs with npm ci from the lockfile and ships only this workspace’s production deps', () => {
    const runs = stages.flatMap((s) => s.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args));
    expect(runs.some((r) => /\bnpm ci$/.test(r.trim()))).toBe(true);
    expect(runs.some((r) => r.includes(`npm ci --omit=dev --ignore-scripts --workspace=${c.dir}`))).toBe(
      true,
    );
    expect(runs).toContain('npm run build');
    const copies = runtime.instructions.filter((i) => i.keyword === 'COPY').map((i) => i.args);
    expect(copies).toContain('--from=prod-deps /app ./');
    const dist = copies.filter((a) => a.startsWith('--from=build')).map((a) => a.split(' ')[2]);
    expect(dist.sort()).toEqual(
      [
        'proto/dist',
        'services/facts/dist',
        'services/api/dist', // the HTTP contract (the BFF reads its schemas at run time)
        'services/kit/dist',
        'services/embedded/dist',
        `${c.dir}/dist`,
        ...(c.serveWeb ? ['web/dist'] : []),
      ].sort(),
    );
    // Nothing but built output comes from the build stage; nothing at all from the host context.
    expect(copies.every((a) => a.startsWith('--from='))).toBe(true);
  });

  it('bakes in no secret', () => {
    const text = read(`${c.dir}/Dockerfile`);
    for (const secret of [
      'STRIPE_',
      'SMTP_URL',
      'GOOGLE_CLIENT',
      'JWT_PRIVATE_KEY',
      'SESSION_SECRET',
      'MONGODB_URL',
      'REDIS_URL',
      'NATS_URL',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });
});

describe('generated files', () => {
  it('every Dockerfile matches deploy/dockerfiles.mjs', () => {
    expect(staleDockerfiles()).toEqual([]);
  });

  it('.dockerignore keeps installed and built output out of the build context', () => {
    const lines = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const entry of ['**/node_modules', '**/dist', '**/.data', '**/test-output', '.git', '**/.env']) {
      expect(lines, entry).toContain(entry);
    }
  });
});
