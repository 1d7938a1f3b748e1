import { useLingui } from '@lingui/react/macro'
import { pageTitle } from '@store/contract'
import { useEffect } from 'react'

/**
 * Names the page in the tab and for screen readers announcing the navigation, with a title in the
 * reader's language (the store's name stays as it is). `null` while the page does not know its title
 * yet: the tab keeps the one the server's HTML gave it.
 */
export function useTitle(title?: string | null) {
  const { t } = useLingui()
  // contract pages.ts pageTitle(): the home page's title, in the reader's language
  const home = t`Comfort Living — Furniture & Home`
  useEffect(() => {
    if (title !== null) document.title = title ? pageTitle(title) : home
  }, [title, home])
}
