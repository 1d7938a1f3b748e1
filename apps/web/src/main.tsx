import './styles.css'
import { StrictMode } from 'react'
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
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  )
}
