// ESLint flat config. Besides the usual TypeScript and React-hooks rules it enforces the import
// directions of the architecture (see README "Architecture"):
//   screens → components/canvas → data/auth → lib;  workers → lib + data/db;  nothing imports screens.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/** Libraries that only the data layer (and the worker) may touch directly. */
const dataLibraries = [
  { name: 'dexie', message: 'Read through hooks in src/data/queries and write through src/data/mutations.' },
  { name: 'dexie-react-hooks', message: 'Use the live-query hooks in src/data/queries.' },
  { name: '@supabase/supabase-js', message: 'Only src/auth, src/data and workers/sync talk to Supabase.' },
  { name: 'comlink', message: 'Only src/data/syncClient.ts and presenceClient.ts talk to workers.' },
]
const workersPattern = {
  group: ['**/workers/**', '../../workers/*'],
  message: 'Only src/data/syncClient.ts and src/data/presenceClient.ts reference workers/.',
}
const screensPattern = { group: ['@/screens/*', '**/screens/**'], message: 'Nothing imports screens.' }
const appPattern = { group: ['@/app/*', '**/app/**'], message: 'Nothing imports the app shell.' }

export default tseslint.config(
  {
    ignores: ['eslint.config.js', 'node_modules', 'dist', 'dist-*', 'dev-dist', '.data', 'test-results', 'playwright-report', 'bench-results', '.scratch*'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.node.json', './tsconfig.sw.json'],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/screens/**', 'src/components/**', 'src/canvas/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: dataLibraries,
          patterns: [
            workersPattern,
            appPattern,
            { group: ['@/data/db', '@/data/db/*'], message: 'Screens never touch Dexie tables.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: dataLibraries,
          patterns: [
            workersPattern,
            appPattern,
            screensPattern,
            { group: ['@/data/db', '@/data/db/*'], message: 'Components never touch Dexie tables.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/canvas/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: dataLibraries,
          patterns: [
            workersPattern,
            appPattern,
            screensPattern,
            {
              group: ['@/data/*', '@/data/**', '@/auth/*', '@/auth/**'],
              message: 'The canvas has no data access: screens pass items and callbacks in.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/data/**', 'src/auth/**'],
    ignores: ['src/data/syncClient.ts', 'src/data/presenceClient.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            workersPattern,
            appPattern,
            screensPattern,
            { group: ['@/components/*', '@/canvas/*'], message: 'The data layer never imports UI.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: dataLibraries,
          patterns: [
            {
              regex: '^@/(?!lib(/|$))',
              message: 'src/lib holds pure helpers and imports only from src/lib.',
            },
            workersPattern,
          ],
        },
      ],
    },
  },
  {
    files: ['workers/**'],
    ignores: ['workers/sw.ts', 'workers/sw/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@/(?!lib(/|$)|data/db$|data/model(/|$))',
              message: 'Workers import only src/lib, src/data/db and src/data/model.',
            },
          ],
        },
      ],
    },
  },
  {
    // Small .mjs bootstraps (the vision worker's entry) belong to no tsconfig: lint them without type information.
    ...tseslint.configs.disableTypeChecked,
    files: ['**/*.mjs'],
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'scripts/**', 'supabase/**'],
    rules: {
      'no-console': 'off',
    },
  },
)
