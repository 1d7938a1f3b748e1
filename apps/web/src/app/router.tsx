import { createBrowserRouter, Outlet } from 'react-router'
import { useSession } from '../lib/session'
import { Splash } from './splash'

function Root() {
  const { loading } = useSession()
  return loading ? <Splash /> : <Outlet />
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      {
        path: '/adminuser/*',
        lazy: async () => ({ Component: (await import('./admin/admin-app')).AdminApp }),
      },
      {
        path: '*',
        element: (
          <main className="container py-5">
            <h1>Comfort Living</h1>
          </main>
        ),
      },
    ],
  },
])
