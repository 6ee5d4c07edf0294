import { defineConfig } from 'vitest/config';

// Three projects: `unit` (pure functions and components, no database), `api` (the server through app.inject
// against a real database: SQLite by default, PostgreSQL when TEST_DATABASE_URL is set) and `redis` (several
// servers sharing one Redis; needs a Redis server, TEST_REDIS_URL or redis://127.0.0.1:6379).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/web/vite-plugins/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/*.redis.test.ts', '**/node_modules/**'],
          setupFiles: ['apps/web/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'redis',
          include: ['apps/server/src/**/*.redis.test.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
