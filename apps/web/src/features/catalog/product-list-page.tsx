import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { FIRST_SCREEN_CARDS, LISTING_PAGE_SIZE, listingOf, listQueryFrom } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { OptionalPart } from '../../components/optional-part'
import { Pager, usePageParam } from '../../components/pager'
import { ProductCard } from '../../components/product-card'
import { ProductGridSkeleton } from '../../components/skeleton'
import { categoriesQuery, facetsQuery, productListQuery } from '../../data/catalog'
import { isolated } from '../../lib/i18n'
import { useMediaQuery } from '../../lib/use-media-query'
import { useTitle } from '../../lib/use-title'
import { activeFilterCount, FILTER_PARAMS, ORDERINGS } from './listing-query'
import { ALL_PRODUCTS, LISTING_NAMES, listingTitleIn } from './listing-title'

// The filters (and Bootstrap's offcanvas) load beside the grid, not before it: the listing is a landing page.
const ListingFilters = lazy(async () => ({ default: (await import('./listing-filters')).ListingFilters }))

/**
 * Bootstrap's lg breakpoint: from there the filters stand beside the grid. Below it they wait in an
 * offcanvas, and are fetched and drawn when the shopper first opens it: on a phone they were a quarter
 * of the first screen's main-thread work (their chunks, a form of facets, a restyle) for a hidden panel.
 */
const FILTERS_BESIDE_GRID = '(min-width: 992px)'

const FILTER_LINKS: readonly { to: string; label: MessageDescriptor; filter: string | null }[] = [
  { to: '/products', label: ALL_PRODUCTS, filter: null },
  { to: '/products?filter=new-arrivals', label: msg`New Arrivals`, filter: 'new-arrivals' },
  { to: '/products?filter=flash-deals', label: msg`Flash Deals`, filter: 'flash-deals' },
  { to: '/products?filter=sale', label: msg`On Sale`, filter: 'sale' },
]

export function ProductListPage() {
  const { i18n, t } = useLingui()
  const [params, setParams] = useSearchParams()
  const filter = listingOf(params.get('filter'))
  const search = filter ? '' : (params.get('search') ?? '').trim()
  const page = usePageParam()
  // docs/product.md §2: the filter names the page; no filter or an unknown one is 'All Products'.
  const title = t(filter ? LISTING_NAMES[filter] : ALL_PRODUCTS)
  // The collections (new arrivals, flash deals, sale) are lists of their own; the catalogue filters.
  const query = filter ? {} : listQueryFrom(params, search)
  // The tab says what the server's HTML said for this address: the category by its name (the URL may
  // hold its slug), with the chosen details.
  const categories = useQuery({ ...categoriesQuery(), enabled: Boolean(query.category) })
  const wanted = query.category?.toLowerCase()
  const category = categories.data?.find((each) => each.slug === wanted || each.name.toLowerCase() === wanted)
  useTitle(
    query.category && categories.isPending
      ? null
      : listingTitleIn(i18n, {
          listing: filter,
          search,
          category: category?.name ?? query.category,
          materials: query.material,
          colours: query.colour,
          inStock: query.in_stock === 'true',
          page,
        }),
  )
  const products = useQuery(productListQuery(filter, { ...query, page, page_size: LISTING_PAGE_SIZE }))
  const facets = useQuery({ ...facetsQuery(query), enabled: !filter })
  const [showFilters, setShowFilters] = useState(false)
  const filtersBeside = useMediaQuery(FILTERS_BESIDE_GRID)
  const [filtersOpened, setFiltersOpened] = useState(false)

  /** A changed filter or sort starts again at page 1; the URL keeps the rest. */
  function change(update: Record<string, string | string[] | null>) {
    const next = new URLSearchParams(params)
    next.delete('page')
    for (const [name, value] of Object.entries(update)) {
      next.delete(name)
      for (const item of value === null ? [] : Array.isArray(value) ? value : [value]) next.append(name, item)
    }
    setParams(next)
  }

  function clearFilters() {
    change(Object.fromEntries(FILTER_PARAMS.map((name) => [name, null])))
    setShowFilters(false)
  }

  const filtered = activeFilterCount(query)
  const count = products.data?.count ?? 0
  const categoryName = isolated(query.category ?? '')
  const grid = products.isPending ? (
    <>
      {/* The footprint of the count line and a full page of cards, so nothing below moves. */}
      <p className="text-muted small" aria-hidden="true">
        &nbsp;
      </p>
      <ProductGridSkeleton count={LISTING_PAGE_SIZE} label={t`Loading products...`} />
    </>
  ) : products.isError ? (
    <div className="alert alert-danger" role="alert">
      <Trans>Could not load products. Please try again later.</Trans>
    </div>
  ) : products.data.results.length === 0 ? (
    <div className="empty-state">
      <p>
        <Trans>No products found for this category.</Trans>
      </p>
      <Link to="/products" className="btn btn-outline-primary">
        <Trans>See all products</Trans>
      </Link>
    </div>
  ) : (
    <>
      <p className="text-muted small" aria-live="polite">
        {query.category
          ? t`${plural(count, { one: '# product', other: '# products' })} in ${categoryName}`
          : plural(count, { one: '# product', other: '# products' })}
      </p>
      <div className="product-grid" aria-busy={products.isPlaceholderData}>
        {products.data.results.map((product, index) => (
          <ProductCard
            key={product.id}
            product={product}
            titleAs="h2"
            eager={index < FIRST_SCREEN_CARDS}
            priority={index < FIRST_SCREEN_CARDS}
          />
        ))}
      </div>
      <Pager page={page} count={products.data.count} pageSize={LISTING_PAGE_SIZE} />
    </>
  )

  // docs/api.md: a search no product matches in full answers the closest matches, and says so.
  const partial = products.data?.partial_match
  const [matched, total] = [partial?.words_matched, partial?.words_total]
  const searched = isolated(search)
  return (
    <div className="container py-4">
      <h1 className="page-title">{title}</h1>
      {search && (
        <p className="text-muted">
          <Trans>Results for “{searched}”</Trans> ·{' '}
          <Link to="/products">
            <Trans>Clear search</Trans>
          </Link>
        </p>
      )}
      {partial && (
        <p className="text-muted small" role="status">
          <Trans>
            No product matches every word; showing products that match {matched} of {total} words.
          </Trans>
        </p>
      )}
      <nav aria-label={t`Collections`} className="filter-pills">
        {FILTER_LINKS.map((link) => {
          const active = link.filter === filter && !search
          return (
            <Link
              key={link.to}
              to={link.to}
              className={`btn btn-sm ${active ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-current={active ? 'page' : undefined}
            >
              {t(link.label)}
            </Link>
          )
        })}
      </nav>
      {filter ? (
        grid
      ) : (
        <div className="listing-layout">
          <aside className="listing-aside" aria-label={t`Filters`}>
            {(filtersBeside || filtersOpened) && (
              <OptionalPart>
                <Suspense fallback={<div className="listing-filters-placeholder" />}>
                  <ListingFilters
                    query={query}
                    facets={facets.data}
                    onChange={change}
                    onClear={clearFilters}
                    show={showFilters}
                    onHide={() => setShowFilters(false)}
                  />
                </Suspense>
              </OptionalPart>
            )}
          </aside>
          <div className="listing-main">
            <div className="listing-toolbar">
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm d-lg-none"
                onClick={() => {
                  setFiltersOpened(true)
                  setShowFilters(true)
                }}
              >
                {filtered > 0 ? t`Filters (${filtered})` : t`Filters`}
              </button>
              <label className="listing-sort">
                <span className="small text-muted">
                  <Trans>Sort by</Trans>
                </span>
                {/* docs/api.md: unordered, a search answers best match first; newest is asked for. */}
                <select
                  className="form-select form-select-sm"
                  value={query.ordering ?? (search ? '' : '-created_at')}
                  onChange={(event) => change({ ordering: event.target.value || null })}
                >
                  {search && <option value="">{t`Best match`}</option>}
                  {Object.entries(ORDERINGS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {t(label)}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            {grid}
          </div>
        </div>
      )}
    </div>
  )
}
