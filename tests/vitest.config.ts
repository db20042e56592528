import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * One run of every suite: unit tests beside the code (protocol, upstream, relay, client) and the
 * cross-part suites under tests/ (integration over real servers, e2e in headless Chromium).
 */
export default defineConfig({
  root,
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    globalSetup: ['./tests/support/global-setup.ts'],
    // PGlite takes ~700 MB per instance and these machines have 2 cores: one fork per core.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['protocol/**/*.test.ts', 'infra/**/*.test.ts', 'relay/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'client', environment: 'happy-dom', include: ['client/src/**/*.test.{ts,tsx}'], setupFiles: ['client/src/testing/setup.ts'] },
      },
      {
        extends: true,
        test: { name: 'integration', environment: 'node', include: ['tests/integration/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'e2e', environment: 'node', include: ['tests/e2e/**/*.test.ts'], fileParallelism: false },
      },
    ],
  },
});
