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
            {
              group: ['@/modules/*/web/*', '!@/modules/*/web/index.ts'],
              message: 'Веб-частина іншого модуля доступна лише через її web/index.ts.',
            },
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
    // Files with one role each (issue 20 §6, decision 0017): a source file over 600 lines mixes roles — split it by
    // role (read, write, posting, print) or by part. Generated data is excepted in `ignores`: the bench dataset's word
    // lists (bench/data/words.ts — data, not code); there is none in src.
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs}', 'tests/**/*.ts', 'bench/**/*.ts'],
    ignores: ['bench/data/words.ts'],
    rules: { 'max-lines': ['error', { max: 600, skipBlankLines: false, skipComments: false }] },
  },
  {
    // An id list is one int[] parameter (`intArray`/`anyId`, src/server/kernel/sql-arrays.ts), never a parameter per
    // value: that stops at PostgreSQL's 65 535 parameters on a year's data. A short fixed list of values (statuses,
    // kinds) goes through the same file's `valueList`.
    files: ['src/**/*.ts'],
    ignores: ['src/server/kernel/sql-arrays.ts', 'src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='sql'][callee.property.name='join'] > CallExpression[callee.property.name='map'] > ArrowFunctionExpression > TaggedTemplateExpression[tag.name='sql'][quasi.expressions.length=1][quasi.quasis.0.value.raw=''][quasi.quasis.1.value.raw='']",
          message:
            'Список значень — один параметр: intArray/anyId для id, valueList для короткого сталого переліку (src/server/kernel/sql-arrays.ts).',
        },
      ],
    },
  },
  {
    // Composition roots know every module.
    files: [
      'src/server/app.ts',
      'src/server/db/schema.ts',
      'src/web/app/**',
      'src/server/testing/**',
      'src/server/db/seed/**',
      // Demo seeders and tests build and check the whole world (the dependency check lets them too).
      'src/modules/*/server/*demo*.ts',
      'src/**/*.test.{ts,tsx}',
      // Test fixtures are test code: a page's fixture may use another module's (the item picker's options).
      'src/**/*.fixture.ts',
      'scripts/**',
      'bench/**',
      'tests/**',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
);
