import type { ComponentType } from 'react'
import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router'
import { useSessionLoading } from '../data/auth'
import { productQuery } from '../data/catalog'
import { queryClient } from '../data/query-client'
import { HomePage } from '../features/catalog/home-page'
import { ProductListPage } from '../features/catalog/product-list-page'
import { loadCatalogPart } from '../lib/i18n'
import { RequireLogin } from './guards'
import { RouteError } from './route-error'
import { ShopLayout } from './shop-layout'
import { Splash } from './splash'

/**
 * The page renders (and fetches its data and pictures) under the splash, which covers it with a
 * fixed layer until the session is known; it stays inert meanwhile. The splash leaving moves nothing.
 */
function Root() {
  const loading = useSessionLoading()
  return (
    <>
      <ScrollRestoration />
      <div className="d-contents" inert={loading}>
        <Outlet />
      </div>
      {loading && <Splash />}
    </>
  )
}

/**
 * A shop page in a chunk of its own, drawn once its code and its texts (the "pages" catalog, in the
 * reader's language: lingui.config.ts) are both in.
 */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return async () => {
    const [module] = await Promise.all([load(), loadCatalogPart('pages')])
    return { Component: module[name] }
  }
}

function LoginGuard() {
  return (
    <RequireLogin>
      <Outlet />
    </RequireLogin>
  )
}

/**
 * Every page but home and the listing is its own chunk, so a shopper's first visit downloads little.
 * The listing is a landing page too and small (1 KB gzip): a chunk of its own would wait for the main
 * script, and its data and pictures for that chunk (a slower LCP on a phone).
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Splash />,
    children: [
      {
        path: '/adminuser/*',
        // The back office's texts come with it, in the reader's language, with the shop pages' catalog
        // for the components it shares with them (orders, conversations, its menu).
        lazy: async () => {
          const [admin] = await Promise.all([
            import('./admin/admin-app'),
            loadCatalogPart('admin'),
            loadCatalogPart('pages'),
          ])
          return { Component: admin.AdminApp }
        },
      },
      {
        path: '/login',
        lazy: page(() => import('../features/auth/login-page'), 'LoginPage'),
      },
      {
        path: '/signup',
        lazy: page(() => import('../features/auth/signup-page'), 'SignupPage'),
      },
      {
        path: '/forgot-password',
        lazy: page(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'),
      },
      {
        path: '/reset-password',
        lazy: page(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage'),
      },
      {
        element: <ShopLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'products', element: <ProductListPage /> },
          {
            path: 'product/:productId',
            // Runs alongside `lazy`: the product's data is on its way while the page's code loads.
            loader: ({ params }) => {
              void queryClient.prefetchQuery(productQuery(Number(params.productId)))
              return null
            },
            lazy: page(() => import('./pages/product-page'), 'ProductPage'),
          },
          {
            path: 'about',
            lazy: page(() => import('../features/info/about-page'), 'AboutPage'),
          },
          {
            path: 'faq',
            lazy: page(() => import('../features/info/faq-page'), 'FaqPage'),
          },
          {
            path: 'contact',
            lazy: page(() => import('../features/info/contact-page'), 'ContactPage'),
          },
          {
            path: 'terms',
            lazy: page(() => import('../features/info/terms-page'), 'TermsPage'),
          },
          {
            path: 'privacy',
            lazy: page(() => import('../features/info/privacy-page'), 'PrivacyPage'),
          },
          {
            // A review link works without signing in: its token is the key to this one order.
            path: 'orders/:orderId/review',
            lazy: page(() => import('../features/orders/review/order-review-page'), 'OrderReviewPage'),
          },
          {
            element: <LoginGuard />,
            children: [
              {
                path: 'cart',
                lazy: page(() => import('../features/cart/cart-page'), 'CartPage'),
              },
              {
                path: 'checkout',
                lazy: page(() => import('../features/checkout/checkout-page'), 'CheckoutPage'),
              },
              {
                path: 'orders',
                lazy: page(() => import('../features/orders/order-list-page'), 'OrderListPage'),
              },
              {
                path: 'account/addresses',
                lazy: page(() => import('../features/account/addresses-page'), 'AddressesPage'),
              },
              {
                path: 'account/profile',
                lazy: page(() => import('../features/account/profile-page'), 'ProfilePage'),
              },
              {
                path: 'orders/:orderId',
                lazy: page(() => import('../features/orders/order-detail-page'), 'OrderDetailPage'),
              },
              {
                path: 'orders/:orderId/claims/new',
                lazy: page(() => import('../features/claims/claim-form-page'), 'ClaimFormPage'),
              },
              {
                path: 'claims',
                lazy: page(() => import('../features/claims/claim-list-page'), 'ClaimListPage'),
              },
              {
                path: 'claims/:claimId',
                lazy: page(() => import('../features/claims/claim-page'), 'ClaimPage'),
              },
              {
                path: 'messages',
                lazy: page(
                  () => import('../features/messages/conversation-list-page'),
                  'ConversationListPage',
                ),
              },
              {
                path: 'messages/:conversationId',
                lazy: page(() => import('../features/messages/conversation-page'), 'ConversationPage'),
              },
            ],
          },
          {
            path: '*',
            lazy: page(() => import('./not-found'), 'NotFound'),
          },
        ],
      },
    ],
  },
]

/**
 * The app's router. Made once the reader's language is active: it starts the first page's loaders at
 * once, and their reads are in that language (the page's HTML answered them in it already).
 */
export const createRouter = () => createBrowserRouter(routes)
