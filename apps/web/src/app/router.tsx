import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router'
import { useSession } from '../data/auth'
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
  const { loading } = useSession()
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
        // The back office's texts come with it, in the reader's language.
        lazy: async () => {
          const [admin] = await Promise.all([import('./admin/admin-app'), loadCatalogPart('admin')])
          return { Component: admin.AdminApp }
        },
      },
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
      },
      {
        path: '/signup',
        lazy: async () => ({ Component: (await import('../features/auth/signup-page')).SignupPage }),
      },
      {
        path: '/forgot-password',
        lazy: async () => ({
          Component: (await import('../features/auth/forgot-password-page')).ForgotPasswordPage,
        }),
      },
      {
        path: '/reset-password',
        lazy: async () => ({
          Component: (await import('../features/auth/reset-password-page')).ResetPasswordPage,
        }),
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
            lazy: async () => ({ Component: (await import('./pages/product-page')).ProductPage }),
          },
          {
            path: 'about',
            lazy: async () => ({ Component: (await import('../features/info/about-page')).AboutPage }),
          },
          {
            path: 'faq',
            lazy: async () => ({ Component: (await import('../features/info/faq-page')).FaqPage }),
          },
          {
            path: 'contact',
            lazy: async () => ({ Component: (await import('../features/info/contact-page')).ContactPage }),
          },
          {
            path: 'terms',
            lazy: async () => ({ Component: (await import('../features/info/terms-page')).TermsPage }),
          },
          {
            path: 'privacy',
            lazy: async () => ({ Component: (await import('../features/info/privacy-page')).PrivacyPage }),
          },
          {
            element: <LoginGuard />,
            children: [
              {
                path: 'cart',
                lazy: async () => ({ Component: (await import('../features/cart/cart-page')).CartPage }),
              },
              {
                path: 'checkout',
                lazy: async () => ({
                  Component: (await import('../features/checkout/checkout-page')).CheckoutPage,
                }),
              },
              {
                path: 'orders',
                lazy: async () => ({
                  Component: (await import('../features/orders/order-list-page')).OrderListPage,
                }),
              },
              {
                path: 'account/addresses',
                lazy: async () => ({
                  Component: (await import('../features/account/addresses-page')).AddressesPage,
                }),
              },
              {
                path: 'account/profile',
                lazy: async () => ({
                  Component: (await import('../features/account/profile-page')).ProfilePage,
                }),
              },
              {
                path: 'orders/:orderId',
                lazy: async () => ({
                  Component: (await import('../features/orders/order-detail-page')).OrderDetailPage,
                }),
              },
              {
                path: 'messages',
                lazy: async () => ({
                  Component: (await import('../features/messages/conversation-list-page'))
                    .ConversationListPage,
                }),
              },
              {
                path: 'messages/:conversationId',
                lazy: async () => ({
                  Component: (await import('../features/messages/conversation-page')).ConversationPage,
                }),
              },
            ],
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./not-found')).NotFound }),
          },
        ],
      },
    ],
  },
]

export const router = createBrowserRouter(routes)
