import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { SearchIcon } from '../../components/icons'
import { Price } from '../../components/price'
import { ProductImage } from '../../components/product-image'
import { productSearchQuery } from '../../data/catalog'
import { isolated } from '../../lib/i18n'
import { useDebouncedValue } from '../../lib/use-debounced-value'

/** docs/product.md §9: the search waits 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500

export function SearchBox() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const term = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)
  const search = useQuery(productSearchQuery(term))
  const rootRef = useRef<HTMLElement>(null)
  const panelId = useId()

  // docs/product.md §2: an outside click closes the panel.
  useEffect(() => {
    if (!open) return
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', closeOutside)
    return () => document.removeEventListener('pointerdown', closeOutside)
  }, [open])

  function choose() {
    setText('')
    setOpen(false)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const query = text.trim()
    if (!query) return // docs/product.md §2: a blank submit does nothing
    setOpen(false)
    navigate(`/products?search=${encodeURIComponent(query)}`)
  }

  // Arrow keys walk the results, Escape closes the panel and returns to the input.
  useEffect(() => {
    const root = rootRef.current
    if (!root) return
    const input = root.querySelector('input')
    const moveFocus = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false)
        input?.focus()
        return
      }
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
      const items = Array.from(root.querySelectorAll<HTMLAnchorElement>('.search-result'))
      if (!items.length) return
      event.preventDefault()
      const index = items.indexOf(document.activeElement as HTMLAnchorElement)
      const next = event.key === 'ArrowDown' ? index + 1 : index - 1
      if (next < 0) input?.focus()
      else items[Math.min(next, items.length - 1)]?.focus()
    }
    root.addEventListener('keydown', moveFocus)
    return () => root.removeEventListener('keydown', moveFocus)
  }, [])

  const settled = term === text.trim() && !search.isFetching
  const showPanel = open && text.trim().length > 0
  const searched = isolated(term)
  return (
    <search className="search-box" ref={rootRef}>
      <form onSubmit={submit} className="search-form">
        <label htmlFor={`${panelId}-input`} className="visually-hidden">
          <Trans>Search products</Trans>
        </label>
        <input
          id={`${panelId}-input`}
          type="search"
          className="form-control"
          placeholder={t`Search sofas, beds, lamps…`}
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setOpen(true)
          }}
          onFocus={() => setOpen(true)}
        />
        <button type="submit" className="search-submit" aria-label={t`Search`}>
          <SearchIcon size={18} />
        </button>
      </form>
      {showPanel && (
        <div className="search-panel" id={panelId}>
          {!settled || !search.data ? (
            <p className="search-status" role="status">
              <span className="spinner-border spinner-border-sm" aria-hidden="true" />{' '}
              <Trans>Searching…</Trans>
            </p>
          ) : search.data.length === 0 ? (
            <p className="search-status" role="status">
              <Trans>No results found for "{searched}"</Trans>
            </p>
          ) : (
            <ul aria-label={t`Search results`}>
              {search.data.map((product) => (
                <li key={product.id}>
                  <Link to={`/product/${product.id}`} className="search-result" onClick={choose}>
                    <span className="search-thumb">
                      <ProductImage image={product.images[0]} alt="" sizes="48px" />
                    </span>
                    <span className="search-name">
                      <bdi>{product.name}</bdi>
                    </span>
                    <Price amount={product.price} className="search-price" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </search>
  )
}
