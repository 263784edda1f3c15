/// <reference types="vitest/config" />
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { makeApiKeys } from './supabase/local/keys.ts'
import { LOCAL_JWT_SECRET } from './supabase/local/config.ts'
import { pwaIcons } from './scripts/lib/pwaIcons.ts'
import { preloadFonts } from './scripts/lib/preloadFonts.ts'
import { preloadChunks } from './scripts/lib/preloadChunks.ts'
import { firstScreenChunks } from './scripts/lib/firstScreenChunks.ts'
import { webManifest } from './scripts/lib/webManifest.ts'
import { securityHeadersFile } from './scripts/lib/securityHeadersFile.ts'
import { serviceWorkerBuild } from './scripts/lib/serviceWorkerBuild.ts'

// Without configuration the app talks to the local stack on its own origin with the local anon key.
// Production builds set VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY and VITE_API_URL (see README).
// The local anon key follows MOORI_JWT_SECRET, so a stack run with its own secret serves a working app.
process.env.VITE_SUPABASE_ANON_KEY ||= (await makeApiKeys(process.env.MOORI_JWT_SECRET || LOCAL_JWT_SECRET)).anonKey

const swBuild = serviceWorkerBuild()

const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'credentialless',
}

// One config for the app build and both Vitest projects; the `@/` alias comes from tsconfig paths.
export default defineConfig({
  plugins: [
    react(),
    pwaIcons('src/app/icon/moori-icon.svg'),
    preloadFonts([/fraunces-latin-wght-normal-.*\.woff2$/, /caveat-latin-(500|700)-normal-.*\.woff2$/]),
    firstScreenChunks({
      shell: 'src/app/startApp.tsx',
      screens: [
        { module: 'src/screens/home/HomeScreen.tsx', group: 'first-screen' },
        { module: 'src/screens/wall/WallScreen.tsx', group: 'wall-screen' },
      ],
      apart: ['src/data/db.ts'],
    }),
    preloadChunks(['src/app/startApp.tsx']),
    swBuild.follow,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'workers',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: webManifest,
      injectManifest: {
        // The shell, its chunks (the sync worker included), icons, and the Latin font subsets.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', '**/*-latin-*.woff2'],
        // The cut-out worker, onnxruntime and the model (about 19 MB) are fetched only when the wardrobe is
        // used; the service worker keeps them then (its cut-out cache), never in the precache.
        globIgnores: ['**/*.map', 'screenshots/**', '**/cutout.worker-*.js', '**/ort*', '**/*.wasm', '**/*.onnx'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        buildPlugins: { vite: swBuild.plugins },
      },
      devOptions: { enabled: false },
    }),
    securityHeadersFile(),
  ],
  // Names the build in the page (<html data-build>), so support and the update test can tell versions apart.
  define: { __MOORI_BUILD__: JSON.stringify(process.env.MOORI_BUILD_ID ?? 'local') },
  resolve: { tsconfigPaths: true },
  worker: { format: 'es' },
  // The app's pages are cross-origin isolated (supabase/local/appSecurityHeaders.ts), here too.
  server: { port: 5173, strictPort: true, headers: isolationHeaders },
  preview: { port: 4173, strictPort: true, headers: isolationHeaders },
  build: { target: 'es2022', sourcemap: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'workers/**/*.test.ts', 'supabase/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['fake-indexeddb/auto'],
          // Vitest's default on two cores is one worker. Measured here side by side: one fork 93 s, two
          // forks 58 s, two threads 50 s (worker threads start without a new process per file).
          pool: 'threads',
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['fake-indexeddb/auto'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Threads, not forks: 220-244 s against 300 s, the same 880 tests.
          pool: 'threads',
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // The attacks of the security issue and the access and bad-input sweeps, against the real stack.
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'threads',
          maxWorkers: 2,
        },
      },
    ],
  },
})
