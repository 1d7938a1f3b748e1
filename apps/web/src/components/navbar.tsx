import { type ComponentProps, type MouseEvent, useMemo, useState } from 'react'
import NavbarBrand from 'react-bootstrap/NavbarBrand'
import NavbarCollapse from 'react-bootstrap/NavbarCollapse'
import NavbarContext from 'react-bootstrap/NavbarContext'
import NavbarToggle from 'react-bootstrap/NavbarToggle'

interface NavbarProps extends ComponentProps<'nav'> {
  /** The breakpoint from which the menu shows in full; below it, the toggle opens and closes it. */
  expand: 'sm' | 'md' | 'lg' | 'xl' | 'xxl'
  /** Choosing a link of a `Nav` inside (one with an eventKey) closes the open menu. */
  collapseOnSelect?: boolean
}

/**
 * react-bootstrap's `Navbar` as the shop's header uses it: the same markup, classes and behaviour,
 * with its Brand, Toggle and Collapse. Its own module brings `Navbar.Offcanvas` along, and with it
 * the modal manager, the offcanvas and their transitions (~6 KB gzip), into the first download,
 * for a menu the header does not have.
 */
function NavbarRoot({ expand, collapseOnSelect = false, className, onClick, ...props }: NavbarProps) {
  const [expanded, setExpanded] = useState(false)
  const context = useMemo(
    () => ({ onToggle: () => setExpanded((open) => !open), bsPrefix: 'navbar', expanded, expand }),
    [expanded, expand],
  )

  // react-bootstrap closes the menu when a Nav's link is selected; such a link carries its event key.
  function handleClick(event: MouseEvent<HTMLElement>) {
    onClick?.(event)
    const target = event.target as Element
    if (collapseOnSelect && expanded && target.closest('[data-rr-ui-event-key]')) setExpanded(false)
  }

  return (
    <NavbarContext.Provider value={context}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: it listens for the clicks its links receive, and a link chosen with the keyboard is clicked too */}
      <nav
        {...props}
        onClick={handleClick}
        className={[className, 'navbar', `navbar-expand-${expand}`, 'navbar-light'].filter(Boolean).join(' ')}
      />
    </NavbarContext.Provider>
  )
}

export const Navbar = Object.assign(NavbarRoot, {
  Brand: NavbarBrand,
  Collapse: NavbarCollapse,
  Toggle: NavbarToggle,
})
