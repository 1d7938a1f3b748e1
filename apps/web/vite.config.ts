import { createRequire } from 'node:module'
import path from 'node:path'
import linguiMacro from '@lingui/babel-plugin-lingui-macro'
import { getConfig } from '@lingui/conf'
import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { bootstrapStylesheets } from './scripts/bootstrap-stylesheets'
import { catalogsComplete } from './scripts/shop-catalogs-complete'

// Found from here whichever directory the build or the tests start in.
const linguiConfig = getConfig({ cwd: import.meta.dirname })

// React Router 7's package exports name only its development build, whatever the mode
// (remix-run/react-router#12532, #14753): a build that resolves it as published ships its dev
// warnings and checks. The production build beside it has the same API.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
)

export default defineConfig(({ command }) => ({
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  plugins: [
    babel({ plugins: [[linguiMacro, { linguiConfig }]] }),
    react(),
    lingui({ cwd: import.meta.dirname }),
    // The shop ships complete in every language; the back office's catalog is checked by its own helper.
    catalogsComplete({ cwd: import.meta.dirname, catalogs: ['shop', 'pages'] }),
    bootstrapStylesheets(),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The server reads which files a lazy page needs, to preload them from a page's HTML (features/seo).
    manifest: true,
    // Every target of es2022 preloads modules itself; the polyfill only cost the first download.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the first page runs before it paints (rolldown's `$initial`: the entry and what it
          // imports statically) is two files: the libraries, which change seldom and stay cached
          // across releases, and the app. Left to itself rolldown cut it into ~30 files along what the
          // lazy pages share, each compressed on its own: ~12 KB gzip more, and a preload link each.
          // Lazy pages import what they share with the first page from these two.
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 1 },
            { name: 'index', tags: ['$initial'] },
            // react-bootstrap's small wrappers that most lazy pages use but the first screen does not:
            // one file rather than one request each on the way to a product page.
            {
              name: 'bootstrap-parts',
              test: /[\\/]react-bootstrap[\\/]esm[\\/](Alert|Badge|Button|CloseButton|Spinner)\.js$/,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    // The first test of a file to open the back office also waits while vite transforms every page of
    // it (one chunk), several seconds on this 2-core machine while the API suites run beside it.
    testTimeout: 20_000,
    // With the API's in-process files (vitest.config.ts at the root): one file per core.
    sequence: { groupOrder: 0 },
    maxWorkers: 2,
  },
}))
