import { Trans, useLingui } from '@lingui/react/macro'
import { Outlet, useNavigation } from 'react-router'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

/** docs/product.md §2: the shared frame of the shop: header, main area, footer. */
export function ShopLayout() {
  const { t } = useLingui()
  const navigation = useNavigation()
  return (
    <div className="shop">
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      {/* A page's code loads on first visit; the bar says something is happening meanwhile. */}
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label={t`Loading page`} />
      )}
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}
