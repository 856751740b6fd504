import { existsSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

// The browser tests need Debian's Chromium (`.ci/run` installs it). On a machine without it they
// are left out with a warning, so `npm ci && npm test` still runs everything else; under CI they
// always run, and fail if Chromium is missing.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const skipBrowserTests = !existsSync(chromiumPath) && !process.env.CI;
if (skipBrowserTests) {
  console.warn(`\n⚠ Chromium not found at ${chromiumPath}: skipping test/browser/ (apt-get install chromium, or set CHROMIUM_PATH).\n`);
}

// Two cores: run test files in two forks, never more, so timing-sensitive end-to-end
// tests (a real node ticking every 200 ms) are not starved.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(skipBrowserTests ? ['test/browser/**'] : [])],
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
