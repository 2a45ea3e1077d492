// The test suites keep to their own folders (issue 26): a file in e2e/, integration/ or loadtests/
// imports nothing from another of the three, and testing/ (the helpers they share) and scripts/ (which
// start the stack and run the suites) import from none of them. A helper two of them need moves to
// testing/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const SUITES = ['e2e', 'integration', 'loadtests'];
/** Folders that import from none of the suites: the shared helpers, and the scripts that run them. */
const HOMES = ['testing', 'scripts'];
const SKIP = ['node_modules', 'dist', '.data', 'test-output'];

/** Every specifier of a static, dynamic or type import (`from '…'`, `import '…'`, `import('…')`). */
const SPECIFIER = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;

function sources(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.includes(e.name)) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) sources(p, out);
    else if (/\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(e.name)) out.push(p);
  }
  return out;
}

/** The top folder under `base` that `file` lies in ('' outside `base`). */
function topFolder(base: string, file: string): string {
  const rel = path.relative(base, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? '' : (rel.split(path.sep)[0] ?? '');
}

/**
 * `file: specifier` of every import, under `base`, from a suite folder into another suite folder, or
 * from the shared home into any suite folder.
 */
function crossSuiteImports(base: string): string[] {
  const found: string[] = [];
  for (const owner of [...SUITES, ...HOMES]) {
    for (const file of sources(path.join(base, owner))) {
      // this file's own fixtures below are import lines written as text
      if (file === import.meta.filename) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(SPECIFIER)) {
        const spec = m[1] ?? m[2] ?? '';
        if (!spec.startsWith('.')) continue;
        const target = topFolder(base, path.resolve(path.dirname(file), spec));
        if (SUITES.includes(target) && target !== owner)
          found.push(`${path.relative(base, file).split(path.sep).join('/')}: ${spec}`);
      }
    }
  }
  return found;
}

describe('test suite folders', () => {
  it('e2e/, integration/ and loadtests/ import only their own files and testing/; testing/ and scripts/ none of them', () => {
    expect(crossSuiteImports(root)).toEqual([]);
  });

  it('finds a static, a type, a dynamic and a JSDoc import across suites, and from testing/', () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'suite-imports-'));
    try {
      const write = (rel: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(base, rel)), { recursive: true });
        fs.writeFileSync(path.join(base, rel), text);
      };
      write('e2e/a.e2e.ts', "import { x } from '../integration/trust/stack.js';\n");
      write(
        'e2e/lib/b.ts',
        "import type { Y } from '../../loadtests/lib/y.mjs';\nimport { z } from './z.js';\n",
      );
      write('integration/c.test.ts', "const m = await import('../e2e/lib/b.js');\n");
      write(
        'loadtests/lib/d.mjs',
        "/** @type {import('../../integration/e.js').E} */\nexport const d = 1;\n",
      );
      write('testing/f.ts', "export { g } from '../loadtests/lib/g.mjs';\n");
      write('scripts/s.mjs', "import { l } from '../loadtests/lib/l.mjs';\n");
      // allowed: own folder, the shared home, a workspace's sources, packages
      write(
        'integration/ok.ts',
        "import '../testing/h.js';\nimport { i } from './i.js';\nimport 'vitest';\n",
      );
      write(
        'loadtests/ok.mjs',
        "import { j } from '../bff/src/j.mjs';\nimport { k } from '../testing/k.mjs';\n",
      );
      expect(crossSuiteImports(base).sort()).toEqual([
        'e2e/a.e2e.ts: ../integration/trust/stack.js',
        'e2e/lib/b.ts: ../../loadtests/lib/y.mjs',
        'integration/c.test.ts: ../e2e/lib/b.js',
        'loadtests/lib/d.mjs: ../../integration/e.js',
        'scripts/s.mjs: ../loadtests/lib/l.mjs',
        'testing/f.ts: ../loadtests/lib/g.mjs',
      ]);
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});
