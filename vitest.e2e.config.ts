// Browser journeys (tests/e2e): the built app on a real database, driven in Debian's Chromium.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.spec.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    // One app server for the whole run; files share it, so they run one at a time.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
