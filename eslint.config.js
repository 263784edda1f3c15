// ESLint flat config. Besides the usual TypeScript and React-hooks rules it enforces the import
// directions of the architecture (see README "Architecture"), for `@/` and relative paths alike:
//   screens → components/canvas → data/auth → lib;  workers → lib + data/db + data/model + the product
//   API client (data/wardrobe/productApi);
//   nothing imports screens (a screen not even another screen: the route table composes them);
//   supabase/api (deployable on its own) → src/lib only;  supabase/local → its own code, the API's
//   entry and src/lib;  src and workers never import supabase/.
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/** Libraries that only the data layer (and the worker) may touch directly. */
const dataLibraries = [
  { name: 'dexie', message: 'Read through hooks in src/data/queries and write through src/data/mutations.' },
  { name: 'dexie-react-hooks', message: 'Use the live-query hooks in src/data/queries.' },
  { name: '@supabase/supabase-js', message: 'Only src/auth, src/data and workers/sync talk to Supabase.' },
  // The sub-packages the app really imports (supabase-js would bring them all): the same rule.
  { name: '@supabase/auth-js', message: 'Only src/auth talks to Supabase Auth; use its actions and session.' },
  { name: '@supabase/storage-js', message: 'Only src/auth and src/data talk to Supabase Storage; use their image URLs.' },
  { name: '@supabase/postgrest-js', message: 'Only workers/sync talks to Supabase REST; write through src/data/mutations.' },
  { name: '@supabase/realtime-js', message: 'Only the workers talk to Supabase Realtime; read through src/data/queries.' },
  { name: 'comlink', message: 'Only src/data/syncClient.ts, presenceClient.ts and wardrobe/cutoutClient.ts talk to workers.' },
]
const workersPattern = {
  group: ['**/workers/**', '../../workers/*'],
  message: 'Only src/data/syncClient.ts, src/data/presenceClient.ts, src/data/wardrobe/cutoutClient.ts and src/lib/downscaleImage.ts reference workers/.',
}
const screensPattern = { group: ['@/screens/*', '**/screens/**'], message: 'Nothing imports screens.' }
const appPattern = { group: ['@/app/*', '**/app/**'], message: 'Nothing imports the app shell.' }
/** src/ code never reaches into the backend's code. */
const backendPattern = { regex: '^(\\.\\./)+supabase(/|$)', message: 'The app talks to the backend over the network, never by importing it.' }
const dexieTablesPattern = (who) => ({
  regex: '^(@/|(\\.\\./)+)data/db$',
  message: `${who} never touch Dexie tables.`,
})
/** Loading a screen's code from anywhere but the route table (src/app). */
const screenImportSyntax = {
  selector: "ImportExpression[source.value=/(^|\\/)screens\\//]",
  message: 'Only the route table (src/app) loads screens.',
}
const screenFolders = readdirSync(new URL('./src/screens', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

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
  ...screenFolders.map((screen) => ({
    files: [`src/screens/${screen}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: dataLibraries,
          patterns: [
            workersPattern,
            appPattern,
            backendPattern,
            dexieTablesPattern('Screens'),
            {
              regex: `^(@/screens/(?!${screen}/)|\\.\\./)`,
              message: 'A screen imports no other screen (the route table composes them); shared code is imported by @/.',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', screenImportSyntax],
    },
  })),
  {
    files: ['src/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: dataLibraries,
          patterns: [workersPattern, appPattern, screensPattern, backendPattern, dexieTablesPattern('Components')],
        },
      ],
      'no-restricted-syntax': ['error', screenImportSyntax],
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
            backendPattern,
            {
              regex: '^(@/|(\\.\\./)+)(data|auth)(/|$)',
              message: 'The canvas has no data access: screens pass items and callbacks in.',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', screenImportSyntax],
    },
  },
  {
    files: ['src/data/**', 'src/auth/**'],
    ignores: ['src/data/syncClient.ts', 'src/data/presenceClient.ts', 'src/data/wardrobe/cutoutClient.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            workersPattern,
            appPattern,
            screensPattern,
            backendPattern,
            { regex: '^(@/|(\\.\\./)+)(components|canvas)(/|$)', message: 'The data layer never imports UI.' },
          ],
        },
      ],
      'no-restricted-syntax': ['error', screenImportSyntax],
    },
  },
  {
    files: ['src/app/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: dataLibraries, patterns: [backendPattern, { ...workersPattern, message: 'The app shell reaches the worker through src/data/syncClient.ts.' }] },
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
              regex: '^(@/(?!lib(/|$))|\\.\\./)',
              message: 'src/lib holds pure helpers and imports only from src/lib.',
            },
            workersPattern,
            backendPattern,
          ],
        },
      ],
    },
  },
  {
    // The public-URL helper is checked against storage-js itself, the URLs it must equal.
    files: ['src/lib/publicStorageUrl.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: dataLibraries.filter((library) => library.name !== '@supabase/storage-js') }],
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
              regex: '^(@/|(\\.\\./)+src/)(?!lib(/|$)|data/db$|data/model(/|$)|data/wardrobe/productApi$)',
              message: 'Workers import only src/lib, src/data/db, src/data/model and the product API client.',
            },
            {
              regex: '^(\\.\\./)+(supabase|tests|scripts)(/|$)',
              message: 'Workers import only src/lib, src/data/db and src/data/model.',
            },
          ],
        },
      ],
    },
  },
  {
    // Engine tests drive the engine with the app's real mutations on an in-memory replica.
    files: ['workers/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\.\\./)+src/)(?!lib(/|$)|data/(db|replica)$|data/(model|mutations|testing)(/|$))',
              message: 'Engine tests use src/lib, the replica, its model, mutations and test doubles.',
            },
          ],
        },
      ],
    },
  },
  {
    // The product API deploys on its own beside any Supabase project: it knows nothing of the local stack.
    files: ['supabase/api/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+local(/|$)', message: 'The product API runs against any Supabase project: no local stack imports.' },
            { regex: '^((\\.\\./)+src/(?!lib/)|@/)', message: 'The product API shares only src/lib with the app.' },
            { regex: '^(\\.\\./)+(workers|tests|scripts)(/|$)', message: 'The product API shares only src/lib with the app.' },
          ],
        },
      ],
    },
  },
  {
    // The local stack mounts the product API through its entry and shares only src/lib with the app.
    files: ['supabase/local/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+api/(?!app$)', message: 'The local stack uses the product API through supabase/api/app only.' },
            { regex: '^((\\.\\./)+src/(?!lib/)|@/)', message: 'The local stack shares only src/lib with the app.' },
            { regex: '^(\\.\\./)+(workers|tests|scripts)(/|$)', message: 'The local stack shares only src/lib with the app.' },
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
