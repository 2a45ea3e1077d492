// What each process's configuration validation reads and requires, taken from the code itself (no
// hand list): the process's main.ts names the settings reader it passes to runService (a service) or
// to loadConfigOrExit (the BFF); the kit's loadConfig reads the shared variables and readIdentity the
// service identity (a service signs and verifies: runService; the BFF only signs:
// loadCallerIdentityOrExit). `validate` runs exactly those readers on an environment, as the process
// does at start; `reads` records every variable they look at.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, readIdentity, type EnvReader } from '@tessera/kit';
import type { ProcessName } from '@tessera/facts/ports';
import { REPO_ROOT } from './helm.js';

export type Env = Record<string, string | undefined>;
export type Validate = (env: Env) => void;

/** The folder of a chart component's sources (the BFF is not under services/). */
export const sourceDir = (c: string) => path.join(REPO_ROOT, c === 'bff' ? 'bff/src' : `services/${c}/src`);

/** The settings reader main.ts hands to runService / loadConfigOrExit, loaded from its module. */
async function settingsReaderOf(dir: string, main: string): Promise<((e: EnvReader) => object) | undefined> {
  const name = /(?:runService\(\{[^}]*\bconfig:\s*|loadConfigOrExit\('[a-z]+',\s*)(\w+)/.exec(main)?.[1];
  if (!name) return undefined;
  const from = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from '(\\.[^']+)'`).exec(main)?.[1];
  if (!from) throw new Error(`${dir}/main.ts: cannot find where ${name} is imported from`);
  const file = path.join(dir, from.replace(/\.js$/, '.ts'));
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const reader = mod[name];
  if (typeof reader !== 'function') throw new Error(`${file} does not export ${name}`);
  return reader as (e: EnvReader) => object;
}

/** The configuration validation process `c` runs at start (throws the error the process exits with). */
export async function validatorOf(c: string): Promise<Validate> {
  const dir = sourceDir(c);
  const main = fs.readFileSync(path.join(dir, 'main.ts'), 'utf8');
  const settings = await settingsReaderOf(dir, main);
  const serves = /\brunService\(/.test(main);
  if (!serves && !/\bloadCallerIdentityOrExit\(/.test(main))
    throw new Error(
      `${dir}/main.ts reads no service identity (neither runService nor loadCallerIdentityOrExit)`,
    );
  return (env) => {
    loadConfig(
      c as ProcessName,
      (e) => ({ ...(settings ? settings(e) : {}), ids: readIdentity(e, c, { sign: true, verify: serves }) }),
      env,
    );
  };
}

/** The error messages of a validation ([] when the process would start). */
export function problemsOf(validate: Validate, env: Env): string[] {
  try {
    validate(env);
    return [];
  } catch (err) {
    const problems = (err as { problems?: unknown }).problems;
    return Array.isArray(problems) ? problems.map(String) : [String(err)];
  }
}

/** Every variable a validation looks at, over the given environments (unset ones included). */
export function readsOf(validate: Validate, envs: readonly Env[] = [{}]): Set<string> {
  const seen = new Set<string>();
  for (const env of envs) {
    const recording = new Proxy(env, {
      get(target, key) {
        if (typeof key === 'string') seen.add(key);
        return target[key as string];
      },
    });
    problemsOf(validate, recording);
  }
  return seen;
}

/** Names read as `process.env.NAME` / `process.env['NAME']` in a folder's non-test sources. */
export function directEnvReads(dir: string): Set<string> {
  const out = new Set<string>();
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test' && entry.name !== 'node_modules') walk(p);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = fs.readFileSync(p, 'utf8');
        for (const m of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[\s*'([A-Z][A-Z0-9_]*)'\s*\])/g))
          out.add(m[1] ?? m[2]!);
      }
    }
  };
  walk(dir);
  return out;
}
