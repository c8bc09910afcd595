import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import unbuilt from './eslint/unbuilt-plugin.js';

// Type-aware rules, plus import zones: the client never imports the server; shared imports neither.
export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'drizzle/**', 'coverage/**', '.data/**', 'src/client/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // Interfaces only where declaration merging needs them (fastify and vitest augmentation, AppOverrides).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'always' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  // Import zones: the client never imports the server; shared imports neither; the server never imports the client.
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['#server/*', '**/server/**'], message: 'The client never imports server code.' }] },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['#server/*', '#client/*', '**/server/**', '**/client/**'],
              message: 'Shared code imports neither side.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['#client/*', '**/client/**'], message: 'The server never imports client code.' }] },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Feature boundaries, no test code in production, no import cycles (eslint/unbuilt-plugin.js).
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { unbuilt },
    rules: {
      'unbuilt/feature-boundaries': 'error',
      'unbuilt/no-test-code-in-production': 'error',
      'unbuilt/no-import-cycles': 'error',
      'unbuilt/one-plan-check': 'error',
      'unbuilt/csv-through-lib': 'error',
    },
  },
  // Numbers read from raw SQL are numbers on PostgreSQL too, not only on PGlite (eslint/sql-numbers.js, ADR 046).
  {
    files: ['src/server/**/*.ts'],
    plugins: { unbuilt },
    rules: { 'unbuilt/numbers-from-sql': 'error' },
  },
  // Server feature files are named <thing>.<role>.ts, and pure roles import no I/O (eslint/file-roles.js, ADR 042).
  {
    files: ['src/server/features/**/*.ts'],
    plugins: { unbuilt },
    rules: {
      // A file that needs another shape is listed here with the reason ("path from the root": "why").
      'unbuilt/file-role': [
        'error',
        {
          allow: {
            // A worker thread's entry, not a module the feature imports: health-worker.mjs loads it by
            // path (new Worker needs a file), so its name is part of that path, not a role in the feature.
            'src/server/features/health/health-worker.ts': 'the health port worker thread (ADR 043)',
          },
        },
      ],
      'unbuilt/pure-file-roles': 'error',
    },
  },
  // Client query keys come from the features' key factories (eslint/unbuilt-plugin.js).
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { unbuilt },
    rules: { 'unbuilt/query-keys-from-factory': 'error' },
  },
  // Client forms are built with the form kit (eslint/unbuilt-plugin.js); tests may render any markup.
  {
    files: ['src/client/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { unbuilt },
    rules: { 'unbuilt/forms-on-the-kit': 'error' },
  },
  // Lookups of arbitrary strings on records, in production code (tests index their own tables).
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    plugins: { unbuilt },
    rules: { 'unbuilt/no-record-lookup-by-string': 'error' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  // Tests assert unconditionally (eslint/unbuilt-plugin.js).
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    plugins: { unbuilt },
    rules: { 'unbuilt/no-conditional-expect': 'error' },
  },
  // Browser tests take their pages from the fixtures, which close them (e2e/support/fixtures.ts).
  {
    files: ['e2e/**/*.e2e.test.ts'],
    plugins: { unbuilt },
    rules: { 'unbuilt/browser-contexts-from-fixtures': 'error' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
