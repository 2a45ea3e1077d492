// Vite build of the single-page app. The router plugin (re)generates src/routeTree.gen.ts from src/routes.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

/**
 * Writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside every script, style sheet, SVG and
 * HTML file of the build, once, so the BFF sends them as they are (koa-send picks the form the
 * browser accepts) instead of compressing on each request. Source maps are left alone.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tessera-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
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
    precompress(),
  ],
  server: { host: '127.0.0.1', port: 5173, proxy: apiProxy },
  preview: { host: '127.0.0.1', port: 4173, proxy: apiProxy },
  // hidden: the maps are written next to the bundles (build artifacts) but no bundle points at them,
  // and the BFF never serves *.map (bff/src/hardening/security-headers.ts)
  build: { outDir: 'dist', sourcemap: 'hidden', target: 'es2022' },
});
