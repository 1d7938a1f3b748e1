import { defineConfig } from '@lingui/conf'

const BACK_OFFICE = ['<rootDir>/src/app/admin', '<rootDir>/src/features/admin']

/**
 * Two catalogs per language: the shop's, in the first bundle for English readers, and the back
 * office's, which comes with the back office's own chunk (lib/i18n.ts).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ur'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    // A folder excludes nothing by itself: its files do (the globs ignore files, not folders).
    {
      path: '<rootDir>/src/locales/{locale}/shop',
      include: ['<rootDir>/src'],
      exclude: BACK_OFFICE.map((folder) => `${folder}/**`),
    },
    { path: '<rootDir>/src/locales/{locale}/admin', include: BACK_OFFICE },
  ],
})
