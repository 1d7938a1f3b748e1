import { pageTitle } from '@store/contract'
import { useEffect } from 'react'

/**
 * Names the page in the tab and for screen readers announcing the navigation. `null` while the page
 * does not know its title yet: the tab keeps the one the server's HTML gave it.
 */
export function useTitle(title?: string | null) {
  useEffect(() => {
    if (title !== null) document.title = pageTitle(title)
  }, [title])
}
