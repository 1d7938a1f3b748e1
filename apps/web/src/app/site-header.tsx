import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, NavLink, useLocation, useNavigate } from 'react-router'
import { CartIcon } from '../components/icons'
import { LanguageSwitch } from '../components/language-switch'
import { Navbar } from '../components/navbar'
import { useSession } from '../data/auth'
import { useCart } from '../data/cart'
import { SearchBox } from '../features/search/search-box'

/** docs/product.md §2 top bar: the collections, the store's pages and, per role, the account links. */
const COLLECTION_LINKS: readonly { to: string; label: MessageDescriptor }[] = [
  { to: '/products', label: msg`All Products` },
  { to: '/products?filter=new-arrivals', label: msg`New Arrivals` },
  { to: '/products?filter=flash-deals', label: msg`Flash Deals` },
  { to: '/products?filter=sale', label: msg`On Sale` },
]

/** The store's own pages: beside the collections on a wide screen, a compact second group in the phone menu. */
const STORE_PAGE_LINKS = [
  { to: '/about', label: msg`About` },
  { to: '/faq', label: msg`FAQ` },
  { to: '/contact', label: msg`Contact` },
  { to: '/terms', label: msg`Terms` },
  { to: '/privacy', label: msg`Privacy` },
]

function NavLinks({
  links,
  here,
  className,
}: {
  links: typeof COLLECTION_LINKS
  here: string
  className: string
}) {
  const { t } = useLingui()
  return (
    <ul className={`nav ${className}`}>
      {links.map((link) => (
        <li className="nav-item" key={link.to}>
          <Link
            to={link.to}
            className={here === link.to ? 'nav-link active' : 'nav-link'}
            aria-current={here === link.to ? 'page' : undefined}
          >
            {t(link.label)}
          </Link>
        </li>
      ))}
    </ul>
  )
}

function AccountLinks({ onLogout }: { onLogout: () => void }) {
  const { user } = useSession()
  if (!user) {
    return (
      <>
        <NavLink to="/login" className="nav-link">
          <Trans>Login</Trans>
        </NavLink>
        <NavLink to="/signup" className="nav-link nav-signup">
          <Trans>Sign Up</Trans>
        </NavLink>
      </>
    )
  }
  return (
    <>
      <NavLink to="/orders" className="nav-link">
        <Trans>My Orders</Trans>
      </NavLink>
      <NavLink to="/messages" className="nav-link">
        <Trans>My Messages</Trans>
      </NavLink>
      <NavLink to="/account/addresses" className="nav-link">
        <Trans>My Addresses</Trans>
      </NavLink>
      <NavLink to="/account/profile" className="nav-link">
        <Trans>My Profile</Trans>
      </NavLink>
      {/* The back office's start opens the first page the staff member's role may (the dashboard for
          owners and managers). It is decided there: the permission table would bring the contract's
          schemas into the shop's first download. */}
      {user.is_staff && (
        <Link to="/adminuser/" className="nav-link">
          <Trans>Admin Dashboard</Trans>
        </Link>
      )}
      <button type="button" className="nav-link" onClick={onLogout}>
        <Trans>Logout</Trans>
      </button>
    </>
  )
}

export function SiteHeader() {
  const { t } = useLingui()
  const { logout } = useSession()
  const { cart } = useCart()
  const navigate = useNavigate()
  const location = useLocation()
  const here = location.pathname + location.search
  const count = cart.item_count

  function handleLogout() {
    logout()
    navigate('/login')
  }

  return (
    // collapseOnSelect: the phone menu closes once a link in it is chosen.
    <Navbar expand="lg" className="site-header" collapseOnSelect>
      <div className="container site-header-inner">
        <Navbar.Brand as={Link} to="/" className="site-brand">
          <img src="/logo.svg" alt="" width="40" height="40" />
          <span>Comfort Living</span>
        </Navbar.Brand>
        <div className="site-search">
          <SearchBox />
        </div>
        <div className="site-actions">
          <LanguageSwitch className="language-switch" />
          <div className="nav d-none d-lg-flex flex-row gap-1 align-items-center">
            <AccountLinks onLogout={handleLogout} />
          </div>
          <Link
            to="/cart"
            className="cart-link"
            aria-label={count > 0 ? t`Cart, ${plural(count, { one: '# item', other: '# items' })}` : t`Cart`}
          >
            <CartIcon size={22} />
            <span className="cart-link-label">
              <Trans>Cart</Trans>
            </span>
            {/* docs/product.md §2: the badge shows only when the cart holds something */}
            {cart.item_count > 0 && (
              <span className="badge rounded-pill bg-danger cart-badge">{cart.item_count}</span>
            )}
          </Link>
          <Navbar.Toggle aria-controls="shop-nav" label={t`Menu`} />
        </div>
        <Navbar.Collapse id="shop-nav" className="site-nav">
          <NavLinks links={COLLECTION_LINKS} here={here} className="site-nav-links" />
          <NavLinks links={STORE_PAGE_LINKS} here={here} className="site-nav-links site-nav-pages" />
          <div className="nav d-lg-none site-nav-account">
            <AccountLinks onLogout={handleLogout} />
          </div>
        </Navbar.Collapse>
      </div>
    </Navbar>
  )
}
