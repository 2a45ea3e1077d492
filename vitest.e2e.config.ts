import { defineConfig } from 'vitest/config';

// Browser tests (playwright-core driving /usr/bin/chromium). Base URL from TESSERA_BASE_URL, else a
// static server for web/dist started by the global setup. Files run one after another.
export default defineConfig({
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
