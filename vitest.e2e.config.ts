import { defineConfig } from 'vitest/config';

// Browser tests (playwright-core driving /usr/bin/chromium). Base URL from TESSERA_BASE_URL, else a
// static server for web/dist started by the global setup. Files run one after another.
export default defineConfig({
  // workspace packages from their sources, as in vitest.config.ts (test helpers such as
  // @tessera/canvas/testing exist only there)
  resolve: { conditions: ['source', 'node', 'import', 'default'] },
  ssr: { resolve: { conditions: ['source', 'node', 'import', 'default'] } },
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/lib/global-setup.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
