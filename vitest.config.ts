import { defineConfig } from 'vitest/config';

// Two cores: run test files in two forks, never more, so timing-sensitive end-to-end
// tests (a real node ticking every 200 ms) are not starved.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
