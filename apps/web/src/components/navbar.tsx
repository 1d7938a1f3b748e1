import { type ComponentProps, type MouseEvent, useContext, useMemo, useState } from 'react'
import NavbarBrand from 'react-bootstrap/NavbarBrand'
import NavbarCollapse from 'react-bootstrap/NavbarCollapse'
import NavbarContext from 'react-bootstrap/NavbarContext'
import NavbarToggle, { type NavbarToggleProps } from 'react-bootstrap/NavbarToggle'

interface NavbarProps extends ComponentProps<'nav'> {
  /** The breakpoint from which the menu shows in full; below it, the toggle opens and closes it. */
  expand: 'sm' | 'md' | 'lg' | 'xl' | 'xxl'
  /** Choosing one of its `nav-link`s closes the open menu. */
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

  // As react-bootstrap's Navbar does when one of its Nav's links is selected.
  function handleClick(event: MouseEvent<HTMLElement>) {
    onClick?.(event)
    const target = event.target as Element
    if (collapseOnSelect && expanded && target.closest('.nav-link')) setExpanded(false)
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

/** react-bootstrap's toggle, telling screen readers whether the menu it controls is open. */
function Toggle(props: NavbarToggleProps) {
  const expanded = useContext(NavbarContext)?.expanded ?? false
  return <NavbarToggle aria-expanded={expanded} {...props} />
}

export const Navbar = Object.assign(NavbarRoot, {
  Brand: NavbarBrand,
  Collapse: NavbarCollapse,
  Toggle,
})
