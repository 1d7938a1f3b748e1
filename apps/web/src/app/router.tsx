import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router'
import { HomePage } from '../features/catalog/home-page'
import { useSession } from '../lib/session'
import { RequireLogin } from './guards'
import { RouteError } from './route-error'
import { ShopLayout } from './shop-layout'
import { Splash } from './splash'

function Root() {
  const { loading } = useSession()
  return (
    <>
      <ScrollRestoration />
      {loading ? <Splash /> : <Outlet />}
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

/** Every page but home is its own chunk, so a shopper's first visit downloads little. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Splash />,
    children: [
      {
        path: '/adminuser/*',
        lazy: async () => ({ Component: (await import('./admin/admin-app')).AdminApp }),
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
        element: <ShopLayout />,
        children: [
          { index: true, element: <HomePage /> },
          {
            path: 'products',
            lazy: async () => ({
              Component: (await import('../features/catalog/product-list-page')).ProductListPage,
            }),
          },
          {
            path: 'product/:productId',
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
