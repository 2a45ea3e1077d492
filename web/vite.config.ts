// Vite build of the single-page app. The router plugin (re)generates src/routeTree.gen.ts from src/routes.
import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

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
  ],
  server: { host: '127.0.0.1', port: 5173, proxy: apiProxy },
  preview: { host: '127.0.0.1', port: 4173, proxy: apiProxy },
  // hidden: the maps are written next to the bundles (build artifacts) but no bundle points at them,
  // and the BFF never serves *.map (bff/src/hardening/security-headers.ts)
  build: { outDir: 'dist', sourcemap: 'hidden', target: 'es2022' },
});
