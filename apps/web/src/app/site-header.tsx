import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import Badge from 'react-bootstrap/Badge'
import Nav from 'react-bootstrap/Nav'
import { Link, NavLink, useLocation, useNavigate } from 'react-router'
import { CartIcon } from '../components/icons'
import { LanguageSwitch } from '../components/language-switch'
import { Navbar } from '../components/navbar'
import { useSession } from '../data/auth'
import { useCart } from '../data/cart'
import { SearchBox } from '../features/search/search-box'

/** SPEC §2 top bar: the collections, the store's pages and, per role, the account links. */
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
    <Nav as="ul" className={className}>
      {links.map((link) => (
        <Nav.Item as="li" key={link.to}>
          <Nav.Link
            as={Link}
            to={link.to}
            eventKey={link.to}
            active={here === link.to}
            aria-current={here === link.to ? 'page' : undefined}
          >
            {t(link.label)}
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  )
}

function AccountLinks({ onLogout }: { onLogout: () => void }) {
  const { user } = useSession()
  if (!user) {
    return (
      <>
        <Nav.Link as={NavLink} to="/login" eventKey="/login">
          <Trans>Login</Trans>
        </Nav.Link>
        <Nav.Link as={NavLink} to="/signup" eventKey="/signup" className="nav-signup">
          <Trans>Sign Up</Trans>
        </Nav.Link>
      </>
    )
  }
  return (
    <>
      <Nav.Link as={NavLink} to="/orders" eventKey="/orders">
        <Trans>My Orders</Trans>
      </Nav.Link>
      <Nav.Link as={NavLink} to="/messages" eventKey="/messages">
        <Trans>My Messages</Trans>
      </Nav.Link>
      <Nav.Link as={NavLink} to="/account/addresses" eventKey="/account/addresses">
        <Trans>My Addresses</Trans>
      </Nav.Link>
      <Nav.Link as={NavLink} to="/account/profile" eventKey="/account/profile">
        <Trans>My Profile</Trans>
      </Nav.Link>
      {/* The back office's start opens the first page the staff member's role may (the dashboard for
          owners and managers). It is decided there: the permission table would bring the contract's
          schemas into the shop's first download. */}
      {user.is_staff && (
        <Nav.Link as={Link} to="/adminuser/" eventKey="/adminuser/">
          <Trans>Admin Dashboard</Trans>
        </Nav.Link>
      )}
      <Nav.Link as="button" type="button" eventKey="logout" onClick={onLogout}>
        <Trans>Logout</Trans>
      </Nav.Link>
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
    // collapseOnSelect: the phone menu closes once a link in it is chosen (every link has an eventKey).
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
          <Nav className="d-none d-lg-flex flex-row gap-1 align-items-center">
            <AccountLinks onLogout={handleLogout} />
          </Nav>
          <Link
            to="/cart"
            className="cart-link"
            aria-label={count > 0 ? t`Cart, ${plural(count, { one: '# item', other: '# items' })}` : t`Cart`}
          >
            <CartIcon size={22} />
            <span className="cart-link-label">
              <Trans>Cart</Trans>
            </span>
            {/* SPEC §2: the badge shows only when the cart holds something */}
            {cart.item_count > 0 && (
              <Badge pill bg="danger" className="cart-badge">
                {cart.item_count}
              </Badge>
            )}
          </Link>
          <Navbar.Toggle aria-controls="shop-nav" label={t`Menu`} />
        </div>
        <Navbar.Collapse id="shop-nav" className="site-nav">
          <NavLinks links={COLLECTION_LINKS} here={here} className="site-nav-links" />
          <NavLinks links={STORE_PAGE_LINKS} here={here} className="site-nav-links site-nav-pages" />
          <Nav className="d-lg-none site-nav-account">
            <AccountLinks onLogout={handleLogout} />
          </Nav>
        </Navbar.Collapse>
      </div>
    </Navbar>
  )
}
