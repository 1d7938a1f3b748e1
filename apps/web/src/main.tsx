import './styles.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { Providers } from './app/providers'
import { createRouter } from './app/router'
import { startLanguage } from './lib/i18n'

const root = document.getElementById('root')
// An Urdu reader's catalog is fetched before the first screen, so no English flashes by.
if (root) {
  await startLanguage()
  const router = createRouter()
  const app = createRoot(root)
  // The first screen drawn as a transition: React renders it in slices and gives the main thread back
  // between them (to a tap, a scroll, the splash's paint), rather than in one long task that holds a
  // phone's main thread for the whole first screen. It shows all at once, as before.
  startTransition(() =>
    app.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  )
}
