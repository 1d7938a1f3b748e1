import { useEffect } from 'react'

const STORE = 'Comfort Living'

/** Names the page in the tab and for screen readers announcing the navigation. */
export function useTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${STORE}` : `${STORE} — Furniture & Home`
  }, [title])
}
