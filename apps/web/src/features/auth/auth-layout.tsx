import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/**
 * The standalone frame of /login and /signup (docs/product.md §2): no shop header, a way back to the store.
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card card">
        <div className="card-body">
          <Link to="/" className="auth-brand">
            <img src="/logo.svg" alt="" width="44" height="44" />
            <span>Comfort Living</span>
          </Link>
          <h1 className="h3 text-center mb-4">{title}</h1>
          {children}
        </div>
      </div>
      <Link to="/" className="auth-back">
        <span className="pointing">←</span> <Trans>Back to the store</Trans>
      </Link>
    </main>
  )
}
