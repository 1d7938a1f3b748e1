import { Component, type ReactNode } from 'react'

/**
 * Around a part of a page the page can do without (e.g. a lazily loaded panel): if it fails, say on a
 * chunk that a new deploy removed or a dropped connection, it is left out instead of taking the page down.
 */
export class OptionalPart extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown) {
    console.error('A part of the page could not be shown', error)
  }

  override render() {
    return this.state.failed ? null : this.props.children
  }
}
