// Vite build of the single-page app. The router plugin (re)generates src/routeTree.gen.ts from src/routes.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

/** Where the source maps go: beside dist, never inside the folder the BFF serves. */
const SOURCEMAP_DIR = 'dist-sourcemaps';
/** The list of the served files the BFF reads at start (bff/src/middleware/web-app.ts). */
const MANIFEST = 'files.json';

const walk = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

/**
 * Writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside every script, style sheet, SVG and
 * HTML file of the build, once, so the BFF sends them as they are (koa-send picks the form the
 * browser accepts) instead of compressing on each request.
 */
function precompress(outDir: string): void {
  for (const file of walk(outDir)) {
    if (!/\.(js|css|svg|html)$/.test(file)) continue;
    const body = fs.readFileSync(file);
    if (body.length < 1024) continue;
    const br = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  }
}

/** Moves every source map out of `outDir` into `mapDir` (same relative paths): build artifacts, not served. */
function moveSourceMaps(outDir: string, mapDir: string): void {
  fs.rmSync(mapDir, { recursive: true, force: true });
  for (const file of walk(outDir)) {
    if (!file.endsWith('.map')) continue;
    const to = path.join(mapDir, path.relative(outDir, file));
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.renameSync(file, to);
  }
}

/** Writes `files.json`: the sorted `/`-paths of every file left in `outDir`, the only ones the BFF serves. */
function writeManifest(outDir: string): void {
  const files = walk(outDir)
    .map((f) => `/${path.relative(outDir, f).split(path.sep).join('/')}`)
    .filter((f) => f !== `/${MANIFEST}`)
    .sort();
  fs.writeFileSync(path.join(outDir, MANIFEST), `${JSON.stringify({ files }, null, 1)}\n`);
}

/** After the bundle is written: compress, move the maps out, then list what is left (in that order). */
function finishDist(): Plugin {
  let outDir = 'dist';
  let mapDir = SOURCEMAP_DIR;
  return {
    name: 'tessera-finish-dist',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      mapDir = path.resolve(config.root, SOURCEMAP_DIR);
    },
    closeBundle() {
      precompress(outDir);
      moveSourceMaps(outDir, mapDir);
      writeManifest(outDir);
    },
  };
}

const apiProxy = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } };

export default defineConfig({
  // Workspace packages (@tessera/facts) are bundled from their TypeScript sources.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      autoCodeSplitting: true,
      quoteStyle: 'single',
      addExtensions: 'js',
    }),
    react(),
    finishDist(),
  ],
  server: { host: '127.0.0.1', port: 5173, proxy: apiProxy },
  preview: { host: '127.0.0.1', port: 4173, proxy: apiProxy },
  // hidden: no bundle points at its map; finishDist moves the maps to web/dist-sourcemaps (build
  // artifacts) and lists the files left in dist/files.json, the only files the BFF serves
  build: { outDir: 'dist', sourcemap: 'hidden', target: 'es2022' },
});
