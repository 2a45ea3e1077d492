import { defineConfig } from 'vitest/config';

// Unit, contract and integration tests of every workspace. Browser tests live in e2e/ (vitest.e2e.config.ts).
export default defineConfig({
  resolve: { conditions: ['source', 'node', 'import', 'default'] },
  ssr: { resolve: { conditions: ['source', 'node', 'import', 'default'] } },
  test: {
    include: [
      'proto/test/**/*.test.ts',
      'services/*/src/**/*.test.ts',
      'bff/src/**/*.test.ts',
      'ops/src/**/*.test.ts',
      'integration/**/*.test.ts',
      'web/src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.{ts,mjs}',
      'deploy/**/*.test.ts',
      'helm/**/*.test.ts',
      'loadtests/**/*.test.ts',
      'testing/**/*.test.ts',
    ],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
