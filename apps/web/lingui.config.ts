import { defineConfig } from '@lingui/conf'

const BACK_OFFICE = ['<rootDir>/src/app/admin', '<rootDir>/src/features/admin']

/**
 * The shop's pages that come in chunks of their own (app/router.tsx), and what only they and the back
 * office draw: their texts come with them, so the first bundle carries only the texts of what it draws
 * itself (header, footer, home, listing, the components they share). Nothing here may be drawn before
 * its route has loaded the catalog (a test follows the first bundle's imports).
 */
const SHOP_PAGES = [
  '<rootDir>/src/app/pages',
  '<rootDir>/src/app/not-found.tsx',
  '<rootDir>/src/features/account',
  '<rootDir>/src/features/auth',
  '<rootDir>/src/features/cart',
  '<rootDir>/src/features/checkout',
  '<rootDir>/src/features/claims',
  '<rootDir>/src/features/info',
  '<rootDir>/src/features/messages',
  '<rootDir>/src/features/orders',
  '<rootDir>/src/features/reviews',
  '<rootDir>/src/features/catalog/option-picker.tsx',
  '<rootDir>/src/features/catalog/product-details.tsx',
  '<rootDir>/src/features/catalog/product-gallery.tsx',
  '<rootDir>/src/features/catalog/product-specs.tsx',
  '<rootDir>/src/components/chat-thread.tsx',
  '<rootDir>/src/components/order-documents.tsx',
  '<rootDir>/src/components/order-summary.tsx',
  '<rootDir>/src/components/order-timeline.tsx',
  '<rootDir>/src/components/payment-card.tsx',
  '<rootDir>/src/components/status-badge.tsx',
  '<rootDir>/src/lib/back-office.ts',
]

/**
 * Three catalogs per language: the shop's first screen ("shop", the English one in the first bundle),
 * the shop's other pages ("pages", loaded with them) and the back office's, which comes with the back
 * office's own chunk (lib/i18n.ts).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ur'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/shop',
      include: ['<rootDir>/src'],
      // A folder's files are left out by a glob: the folder's own path would leave out only itself.
      exclude: [...BACK_OFFICE, ...SHOP_PAGES].map((path) => (/\.tsx?$/.test(path) ? path : `${path}/**`)),
    },
    { path: '<rootDir>/src/locales/{locale}/pages', include: SHOP_PAGES },
    { path: '<rootDir>/src/locales/{locale}/admin', include: BACK_OFFICE },
  ],
})
