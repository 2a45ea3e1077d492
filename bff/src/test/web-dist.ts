/** A built web app as `WEB_DIST` points at, for tests of what the BFF serves: index.html and one asset. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A temporary dist folder with index.html and assets/app-abc123.js, plus `files` (paths under it). */
export function fakeWebDist(files: Record<string, string | Buffer> = {}): { dir: string; cleanup(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-dist-'));
  const all = {
    'index.html': '<!doctype html><title>Tessera</title><div id="root"></div>',
    'assets/app-abc123.js': 'console.log(1)',
    ...files,
  };
  for (const [name, content] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
