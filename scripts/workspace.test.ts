// Repository rules that are cheap to check on every test run: one version of each dependency across
// workspaces, each service's standard parts, and no oversized source files.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const rootPkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  workspaces: string[];
  devDependencies?: Record<string, string>;
};
const SERVICES = ['identity', 'canvas', 'lock', 'payment', 'renderer', 'submission'];
const MAX_LINES = 450;

function walk(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'gen', '.data', 'test-output'].includes(e.name)) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|mjs|js|css)$/.test(e.name) && !e.name.endsWith('.gen.ts')) out.push(p);
  }
  return out;
}

describe('workspace rules', () => {
  it('uses one version of each dependency across all workspaces', () => {
    const versions = new Map<string, Map<string, string[]>>();
    const add = (where: string, deps: Record<string, string> | undefined) => {
      for (const [name, version] of Object.entries(deps ?? {})) {
        const byVersion = versions.get(name) ?? new Map<string, string[]>();
        byVersion.set(version, [...(byVersion.get(version) ?? []), where]);
        versions.set(name, byVersion);
      }
    };
    add('(root)', rootPkg.devDependencies);
    for (const ws of rootPkg.workspaces) {
      const pkg = JSON.parse(fs.readFileSync(path.join(root, ws, 'package.json'), 'utf8')) as Record<
        string,
        Record<string, string> | undefined
      >;
      add(ws, pkg.dependencies);
      add(ws, pkg.devDependencies);
    }
    const conflicts = [...versions]
      .filter(([, byVersion]) => byVersion.size > 1)
      .map(
        ([name, byVersion]) =>
          `${name}: ${[...byVersion].map(([v, w]) => `${v} in ${w.join(', ')}`).join('; ')}`,
      );
    expect(conflicts).toEqual([]);
    const ranges = [...versions]
      .flatMap(([name, byVersion]) => [...byVersion.keys()].map((v) => [name, v] as const))
      .filter(([, v]) => !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(v) && !/^\d+\.\d+\.\d+$/.test(v))
      .map(([name, v]) => `${name}@${v}`);
    expect(ranges, 'versions are pinned exactly').toEqual([]);
  });

  it.each(SERVICES)('service %s has a contract, routes, main, README and Dockerfile', (name) => {
    const dir = path.join(root, 'services', name);
    for (const f of ['src/routes.ts', 'src/main.ts', 'README.md', 'Dockerfile', 'package.json']) {
      expect(fs.existsSync(path.join(dir, f)), `${name}/${f}`).toBe(true);
    }
    const protoDir = path.join(root, 'proto', 'tessera', name, 'v1');
    expect(fs.readdirSync(protoDir).some((f) => f.endsWith('.proto'))).toBe(true);
  });

  // Every service is written to the one shape.
  it.each(['identity', 'canvas', 'lock', 'payment', 'renderer', 'submission'])(
    'service %s has the one shape: main, setup, routes(core), <name>-service, domain',
    (name) => {
      const src = path.join(root, 'services', name, 'src');
      const className = `${name[0]!.toUpperCase()}${name.slice(1)}Service`;
      const service = fs.readFileSync(path.join(src, 'service', `${name}-service.ts`), 'utf8');
      expect(service).toMatch(new RegExp(`export class ${className}\\b`));
      expect(fs.readFileSync(path.join(src, 'routes.ts'), 'utf8')).toMatch(
        new RegExp(`export function routes\\(_?core: ${className}\\)`),
      );
      expect(fs.readFileSync(path.join(src, 'setup.ts'), 'utf8')).toMatch(
        new RegExp(`export const setup: ServiceSetup<\\w+, ${className}> = async \\(`),
      );
      // main.ts is the process only: it runs setup and holds no wiring of its own (a service that logs
      // a line on a hot path may ask for buffered logging, ServiceDefinition.bufferedLog)
      const main = fs.readFileSync(path.join(src, 'main.ts'), 'utf8');
      expect(main.replace(/\s+/g, ' ')).toMatch(
        /runService\(\{ name: '[a-z]+',( config: \w+,)? setup,( bufferedLog: true,)? embedded: loadEmbedded,? \}\)/,
      );
      expect(main).not.toMatch(/open(DocumentStore|EventBus|KeyValueStore)/);
      expect(fs.existsSync(path.join(src, 'domain'))).toBe(true);
    },
  );

  it(`keeps every source file under ${MAX_LINES} lines`, () => {
    const dirs = [
      'services',
      'bff',
      'web/src',
      'scripts',
      'e2e',
      'loadtests',
      'testing',
      'deploy',
      'helm',
    ].map((d) => path.join(root, d));
    const big = dirs
      .filter((d) => fs.existsSync(d))
      .flatMap((d) => walk(d))
      .map((f) => [path.relative(root, f), fs.readFileSync(f, 'utf8').split('\n').length] as const)
      .filter(([, n]) => n > MAX_LINES)
      .map(([f, n]) => `${f}: ${n} lines`);
    expect(big).toEqual([]);
  });
});
