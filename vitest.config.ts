import { defineConfig } from 'vitest/config';

/**
 * Test tiers (ARCHITECTURE.md §Tests): `unit` (pure, beside the code), `web` (components in jsdom),
 * `integration` (the app in-process on a fresh database: PGlite, or PostgreSQL + Redis when
 * TEST_DATABASE_URL / TEST_REDIS_URL are set). Browser tests have their own config in apps/web/e2e.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'integration',
          include: ['apps/server/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
