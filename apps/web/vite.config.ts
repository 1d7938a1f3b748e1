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

export default defineConfig({
  plugins: [
    babel({ plugins: [[linguiMacro, { linguiConfig }]] }),
    react(),
    lingui({ cwd: import.meta.dirname }),
    // The shop ships complete in every language; the back office's catalog is checked by its own helper.
    catalogsComplete({ cwd: import.meta.dirname, catalogs: ['shop', 'pages'] }),
    bootstrapStylesheets(),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' } },
  build: { target: 'es2022', sourcemap: false },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
  },
})
