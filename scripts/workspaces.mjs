// The build graph of the workspace, in dependency order. Used by build, typecheck, start and test.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const SERVICES = ['identity', 'canvas', 'lock', 'payment', 'renderer', 'submission'];

/** Stages run in order; packages inside one stage build in parallel. */
export const STAGES = [
  [{ name: '@tessera/proto', dir: 'proto', src: ['gen'], out: 'dist' }],
  [
    { name: '@tessera/facts', dir: 'services/facts', src: ['src'], out: 'dist' },
    { name: '@tessera/api', dir: 'services/api', src: ['src'], out: 'dist' },
  ],
  [{ name: '@tessera/kit', dir: 'services/kit', src: ['src'], out: 'dist' }],
  [{ name: '@tessera/embedded', dir: 'services/embedded', src: ['src'], out: 'dist' }],
  [
    { name: '@tessera/broker', dir: 'services/broker', src: ['src'], out: 'dist' },
    ...SERVICES.map((s) => ({ name: `@tessera/${s}`, dir: `services/${s}`, src: ['src'], out: 'dist' })),
    { name: '@tessera/bff', dir: 'bff', src: ['src'], out: 'dist' },
    { name: '@tessera/web', dir: 'web', src: ['src', 'index.html', 'public'], out: 'dist' },
    { name: '@tessera/ops', dir: 'ops', src: ['src'], out: 'dist' },
  ],
];

export const PACKAGES = STAGES.flat();

function newestMtime(p) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const e of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, e)));
  return newest;
}

const STAMP = '.build-stamp';

/** True when the package has never been built or a source file changed after its last build. */
export function needsBuild(pkg) {
  const stamp = path.join(root, pkg.dir, pkg.out, STAMP);
  if (!fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  const inputs = [...pkg.src, 'package.json', 'tsconfig.json', 'tsconfig.build.json', 'vite.config.ts'];
  return inputs.some((s) => newestMtime(path.join(root, pkg.dir, s)) > built);
}

export function markBuilt(pkg) {
  const dir = path.join(root, pkg.dir, pkg.out);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, STAMP), new Date().toISOString() + '\n');
}

/** Builds whatever is not built yet (`scripts/build.mjs --changed`); true when that succeeded. */
export function buildChanged() {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--changed'], {
    cwd: root,
    stdio: 'inherit',
  });
  return build.status === 0;
}
