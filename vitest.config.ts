import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['src/web/**', 'src/modules/*/web/**', 'src/resources/**/web/**'],
          globalSetup: ['src/server/testing/global-setup.ts'],
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
          testTimeout: 15_000,
        },
      },
    ],
  },
});
