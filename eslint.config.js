import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', '.tmp', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // DESIGN §1.4: another module is reached only through its contract or server/index.ts.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/modules/*/server/*', '!@/modules/*/server/index.ts', '!@/modules/*/server/*.table.ts'],
              message:
                'Імпортуйте з іншого модуля лише його contract, server/index.ts або таблиці *.table.ts (DESIGN §1.4, рішення 0005).',
            },
            { group: ['@/modules/*/web/*'], message: 'Веб-частина модуля доступна лише з композиційного кореня.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/modules/*/web/**/*.{ts,tsx}', 'src/resources/**/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Composition roots know every module.
    files: [
      'src/server/app.ts',
      'src/server/db/schema.ts',
      'src/web/app/**',
      'src/server/testing/**',
      'scripts/**',
      'bench/**',
      'tests/**',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
);
