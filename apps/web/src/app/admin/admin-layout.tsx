import type { WorkCounts } from '@store/contract'
import { useState } from 'react'
import { Badge, Button, Nav, Offcanvas } from 'react-bootstrap'
import { Link, NavLink, Outlet, useNavigate } from 'react-router'
import { useSession } from '../../data/auth'
import { useLiveWorkCounts } from '../../data/staff'
import './admin.css'

interface Section {
  to: string
  label: string
  /** The live count shown beside the section, and how a screen reader says it */
  badge?: { count: (counts: WorkCounts) => number; says: string }
}

const SECTIONS: Section[] = [
  { to: '/adminuser/dashboard', label: 'Dashboard' },
  { to: '/adminuser/products', label: 'Products' },
  { to: '/adminuser/categories', label: 'Categories' },
  { to: '/adminuser/orders', label: 'Orders', badge: { count: (counts) => counts.new_orders, says: 'new' } },
  { to: '/adminuser/coupons', label: 'Coupons' },
  { to: '/adminuser/delivery-zones', label: 'Delivery' },
  {
    to: '/adminuser/messages',
    label: 'Messages',
    badge: { count: (counts) => counts.unread_messages, says: 'unread' },
  },
]

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
        <Link to="/adminuser/dashboard" className="admin-brand">
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
            <Link to="/adminuser/dashboard" className="admin-brand d-none d-lg-block" onClick={close}>
              Comfort Living Admin
            </Link>
            <Nav as="nav" aria-label="Admin sections" className="flex-column gap-1">
              {SECTIONS.map((section) => {
                const count = counts && section.badge ? section.badge.count(counts) : 0
                return (
                  <NavLink
                    key={section.to}
                    to={section.to}
                    className="admin-nav-link"
                    onClick={close}
                    aria-label={count > 0 ? `${section.label}, ${count} ${section.badge?.says}` : undefined}
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
        <Outlet />
      </main>
    </div>
  )
}
