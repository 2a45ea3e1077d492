/** A built web app as `WEB_DIST` points at, for tests of what the BFF serves: index.html and one asset. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A temporary dist folder with index.html and assets/app-abc123.js, plus `files` (paths under it),
 * and the build's list `files.json` naming every file but the `unlisted` ones (as the web build
 * writes it; a file on disk the build did not list stands for a stray file that must never be served).
 */
export function fakeWebDist(
  files: Record<string, string | Buffer> = {},
  opts: { unlisted?: string[] } = {},
): { dir: string; cleanup(): void } {
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
  const unlisted = new Set(opts.unlisted ?? []);
  const listed = Object.keys(all).filter((name) => !unlisted.has(name));
  fs.writeFileSync(
    path.join(dir, 'files.json'),
    JSON.stringify({ files: listed.map((n) => `/${n}`).sort() }),
  );
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
