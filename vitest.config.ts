import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  test: {
    // One worker per core (Vitest's default leaves one core to itself, which it hardly uses): on the 2-core CI
    // machine the embedded-database pass took 1 520 s with one worker and 1 111 s with two.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['src/web/**', 'src/modules/*/web/**', 'src/resources/**/web/**'],
          globalSetup: ['src/server/testing/global-setup.ts'],
          // Files share a worker's imported modules (decision 0018): importing the whole app again for every file was
          // a third of the suite's time. A file therefore leaves no module state behind it (a test that stubs a
          // port or a clock restores it); each file still builds its own app and opens its own database.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: [
            'src/web/**/*.test.{ts,tsx}',
            'src/modules/*/web/**/*.test.{ts,tsx}',
            'src/resources/**/web/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['src/web/testing/setup.ts'],
          // As the server project: files share a worker's imported modules (decision 0018).
          isolate: false,
          testTimeout: 15_000,
        },
      },
    ],
  },
});
