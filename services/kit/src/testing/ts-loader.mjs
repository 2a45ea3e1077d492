/**
 * Lets a plain `node` child process run the kit's TypeScript sources without a build:
 * `node --import ./ts-loader.mjs script.ts` (`@tessera/kit/ts-loader`). Used by the child processes of the kit's
 * logger test and of the embedded document store's durability test.
 *
 * Imported on the main thread, it registers itself as a module-hooks file; in the hooks thread it
 * resolves `./x.js` to `./x.ts` (the NodeNext import style of the sources) and strips the types
 * (no type checking: tsc checks the sources). It strips them with Oxc (`rolldown/utils`, which comes
 * with Vite 8, which vitest runs on: milliseconds), or else with TypeScript's transpileModule
 * (loading and warming up TypeScript takes seconds). When TS_LOADER_CACHE names a folder, the
 * output is cached there by content hash, so later processes skip the transform.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) register(import.meta.url);

const cacheDir = process.env.TS_LOADER_CACHE;
/** @type {((file: string, source: string) => Promise<string>) | undefined} */
let strip;

async function stripper() {
  try {
    const { transformSync } = await import('rolldown/utils');
    return async (file, source) => {
      const { code, errors } = transformSync(file, source, { lang: 'ts', sourcemap: false });
      if (errors.length > 0) throw new Error(`${file}: ${errors.map((e) => e.message).join('; ')}`);
      return code;
    };
  } catch (err) {
    if (err?.code !== 'ERR_MODULE_NOT_FOUND' && err?.code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED') throw err;
  }
  const ts = (await import('typescript')).default;
  const compilerOptions = {
    module: ts.ModuleKind.ESNext,
    target: ts.ScriptTarget.ES2022,
    verbatimModuleSyntax: true,
  };
  return async (file, source) => ts.transpileModule(source, { fileName: file, compilerOptions }).outputText;
}

export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (err) {
    const relative = specifier.startsWith('./') || specifier.startsWith('../');
    if (!relative || !specifier.endsWith('.js') || err?.code !== 'ERR_MODULE_NOT_FOUND') throw err;
    return next(`${specifier.slice(0, -3)}.ts`, context);
  }
}

export async function load(url, context, next) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context);
  const file = fileURLToPath(url);
  const source = fs.readFileSync(file, 'utf8');
  const hash = crypto.createHash('sha256').update(file).update('\0').update(source).digest('hex');
  const cached = cacheDir && path.join(cacheDir, `${hash}.mjs`);
  if (cached && fs.existsSync(cached))
    return { format: 'module', source: fs.readFileSync(cached, 'utf8'), shortCircuit: true };
  strip ??= await stripper();
  const output = await strip(file, source);
  if (cached) {
    // Atomic, so concurrent processes never read a half-written entry.
    fs.mkdirSync(cacheDir, { recursive: true });
    const tmp = `${cached}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, output);
    fs.renameSync(tmp, cached);
  }
  return { format: 'module', source: output, shortCircuit: true };
}
