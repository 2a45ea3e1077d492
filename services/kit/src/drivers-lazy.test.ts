/**
 * The database and broker drivers are loaded only by the adapter that needs them: importing the kit
 * (as every process and every thread of `npm start` does) loads neither the MongoDB driver nor the
 * Redis or NATS clients. The MongoDB driver, loaded by the object store's GridFS adapter, held
 * 5.7 MB of heap in every thread that imported the kit, used or not (loadtests/README.md, the soak's
 * memory at rest). Run on the built kit (dist/), in a Node of its own, as a service loads it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const KIT = path.resolve(import.meta.dirname, '..');
const built = fs.existsSync(path.join(KIT, 'dist/index.js'));

/** The npm packages whose CommonJS modules are loaded after importing `specifier` in a new Node. */
function packagesLoadedBy(specifier: string): string[] {
  const script = `
    import { createRequire } from 'node:module';
    await import(${JSON.stringify(specifier)});
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    const names = loaded.map((f) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(f)?.[1]).filter(Boolean);
    console.log(JSON.stringify([...new Set(names)]));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: KIT,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as string[];
}

describe.skipIf(!built)('the kit loads drivers lazily', () => {
  it('importing @tessera/kit loads no MongoDB, Redis or NATS driver', () => {
    const loaded = packagesLoadedBy('@tessera/kit');
    expect(loaded.length).toBeGreaterThan(0); // the probe sees CommonJS packages (e.g. pino's)
    expect(loaded.filter((p) => /^(mongodb|bson|redis|@redis\/.*|nats)$/.test(p))).toEqual([]);
  });
});
