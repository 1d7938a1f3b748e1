import type { WorkCounts } from '@store/contract'
import { useState } from 'react'
import { Alert, Badge, Button, Nav, Offcanvas } from 'react-bootstrap'
import { Link, NavLink, Outlet, useNavigate } from 'react-router'
import { LanguageSwitch } from '../../components/language-switch'
import { useSecondFactorRefusal } from '../../data/access'
import { useSession } from '../../data/auth'
import { useLiveWorkCounts } from '../../data/staff'
import { sectionsFor, TWO_FACTOR_PAGE } from '../../lib/back-office'
import './admin.css'

interface SectionBadge {
  /** The live count shown beside the section */
  count: (counts: WorkCounts) => number
  /** How a screen reader says it */
  says: string
}

/**
 * The live counts beside a section. They sit on the section itself, so a role that does not see the
 * section (support and Orders) does not see its count either.
 */
const BADGES: Record<string, SectionBadge> = {
  '/adminuser/orders': { count: (counts) => counts.new_orders, says: 'new' },
  '/adminuser/messages': { count: (counts) => counts.unread_messages, says: 'unread' },
}

/** The server refuses the back office until two-factor sign-in is on: its sentence, and the way there. */
function SecondFactorNeeded({ sentence }: { sentence: string }) {
  return (
    <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2">
      <span>{sentence}</span>
      <Link to="/adminuser/two-factor" className="alert-link">
        Set up two-factor sign-in
      </Link>
    </Alert>
  )
}

/**
 * SPEC §2: the back office's own layout. One menu serves both sizes: react-bootstrap's responsive
 * Offcanvas is a slide-out below `lg` and sits in place as the sidebar from `lg` up.
 */
export function AdminLayout() {
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
          ☰ Menu
        </Button>
        <Link to="/adminuser/" className="admin-brand">
          Comfort Living Admin
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
            <Offcanvas.Title id="admin-menu-title">Comfort Living Admin</Offcanvas.Title>
          </Offcanvas.Header>
          <Offcanvas.Body className="admin-menu">
            <Link to="/adminuser/" className="admin-brand d-none d-lg-block" onClick={close}>
              Comfort Living Admin
            </Link>
            <Nav as="nav" aria-label="Admin sections" className="flex-column gap-1">
              {sections.map((section) => {
                const badge = BADGES[section.to]
                const count = counts && badge ? badge.count(counts) : 0
                return (
                  <NavLink
                    key={section.to}
                    to={section.to}
                    className="admin-nav-link"
                    onClick={close}
                    aria-label={count > 0 ? `${section.label}, ${count} ${badge?.says}` : undefined}
                  >
                    {section.label}
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
                Two-factor sign-in
              </NavLink>
              <Link to="/" className="admin-nav-link" onClick={close}>
                ← Back to Shop
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
                    Log out
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
