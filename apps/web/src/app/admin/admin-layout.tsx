import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Alert, Badge, Button, Nav, Offcanvas } from 'react-bootstrap'
import { Link, NavLink, Outlet, useNavigate } from 'react-router'
import { LanguageSwitch } from '../../components/language-switch'
import { useSecondFactorRefusal } from '../../data/access'
import { useSession } from '../../data/auth'
import { sectionsFor, TWO_FACTOR_PAGE } from '../../lib/back-office'
import { useSentence } from '../../lib/sentences'
import { useLiveWorkCounts } from './data'
import { SECTION_BADGES, SECTION_LABELS, type SectionBadge } from './sections'
import './admin.css'

/** The server refuses the back office until two-factor sign-in is on: its sentence, and the way there. */
function SecondFactorNeeded({ sentence }: { sentence: string }) {
  return (
    <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2">
      <span>{useSentence(sentence)}</span>
      <Link to="/adminuser/two-factor" className="alert-link">
        <Trans>Set up two-factor sign-in</Trans>
      </Link>
    </Alert>
  )
}

/**
 * docs/product.md §2: the back office's own layout. One menu serves both sizes: react-bootstrap's responsive
 * Offcanvas is a slide-out below `lg` and sits in place as the sidebar from `lg` up.
 */
export function AdminLayout() {
  const { i18n, t } = useLingui()
  const { user, logout } = useSession()
  const navigate = useNavigate()
  const [menuOpen, setMenuOpen] = useState(false)
  const close = () => setMenuOpen(false)
  const counts = useLiveWorkCounts()
  const sections = sectionsFor(user?.role)
  const refusal = useSecondFactorRefusal()

  return (
    <div className="admin-shell">
      <header className="admin-topbar d-lg-none">
        <Button
          variant="outline-light"
          size="sm"
          onClick={() => setMenuOpen(true)}
          aria-controls="admin-menu"
          aria-expanded={menuOpen}
        >
          <Trans>☰ Menu</Trans>
        </Button>
        <Link to="/adminuser/" className="admin-brand">
          <Trans>Comfort Living Admin</Trans>
        </Link>
      </header>

      <aside className="admin-sidebar">
        <Offcanvas
          id="admin-menu"
          show={menuOpen}
          onHide={close}
          responsive="lg"
          className="admin-offcanvas"
          aria-labelledby="admin-menu-title"
        >
          <Offcanvas.Header closeButton closeVariant="white">
            <Offcanvas.Title id="admin-menu-title">
              <Trans>Comfort Living Admin</Trans>
            </Offcanvas.Title>
          </Offcanvas.Header>
          <Offcanvas.Body className="admin-menu">
            <Link to="/adminuser/" className="admin-brand d-none d-lg-block" onClick={close}>
              <Trans>Comfort Living Admin</Trans>
            </Link>
            <Nav as="nav" aria-label={t`Admin sections`} className="flex-column gap-1">
              {sections.map((section) => {
                const badge: SectionBadge | undefined = SECTION_BADGES[section.to]
                const count = counts && badge ? badge.count(counts) : 0
                const label = i18n._(SECTION_LABELS[section.to])
                const said = badge?.says === 'new' ? t`${label}, ${count} new` : t`${label}, ${count} unread`
                return (
                  <NavLink
                    key={section.to}
                    to={section.to}
                    // Dispatch is not lit on the cash page, a section of its own below it.
                    end={sections.some((other) => other.to.startsWith(`${section.to}/`))}
                    className="admin-nav-link"
                    onClick={close}
                    aria-label={count > 0 ? said : undefined}
                  >
                    {label}
                    {count > 0 && (
                      <Badge pill bg="warning" text="dark" className="ms-2" aria-hidden="true">
                        {count}
                      </Badge>
                    )}
                  </NavLink>
                )
              })}
            </Nav>
            <div className="admin-menu-footer">
              <LanguageSwitch className="admin-nav-link text-start" />
              <NavLink to={TWO_FACTOR_PAGE} className="admin-nav-link" onClick={close}>
                <Trans>Two-factor sign-in</Trans>
              </NavLink>
              <Link to="/" className="admin-nav-link" onClick={close}>
                <Trans>← Back to Shop</Trans>
              </Link>
              {user && (
                <div className="admin-user">
                  <span className="text-truncate">
                    {user.first_name} {user.last_name}
                  </span>
                  <Button
                    variant="outline-light"
                    size="sm"
                    onClick={() => {
                      logout()
                      navigate('/login')
                    }}
                  >
                    <Trans>Log out</Trans>
                  </Button>
                </div>
              )}
            </div>
          </Offcanvas.Body>
        </Offcanvas>
      </aside>

      <main className="admin-main" id="admin-main">
        {refusal && <SecondFactorNeeded sentence={refusal} />}
        <Outlet />
      </main>
    </div>
  )
}
