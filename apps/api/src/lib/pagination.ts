import type { PageQuery, Paginated } from '@store/contract'
import type { FastifyRequest } from 'fastify'
import { httpError } from './errors'

/** Limit and offset of a page, for the query. */
export function pageWindow(query: PageQuery): { limit: number; offset: number } {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size }
}

/** Wraps one page of results in `{count, next, previous, results}` with absolute links, as DRF does. */
export function paginate<T>(
  request: FastifyRequest,
  query: PageQuery,
  count: number,
  results: T[],
): Paginated<T> {
  const link = (page: number) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`)
    url.searchParams.set('page', String(page))
    url.searchParams.set('page_size', String(query.page_size))
    return url.toString()
  }
  const lastPage = Math.max(1, Math.ceil(count / query.page_size))
  if (query.page > lastPage) throw httpError(404, 'Invalid page.')
  return {
    count,
    next: query.page < lastPage ? link(query.page + 1) : null,
    previous: query.page > 1 ? link(Math.min(query.page - 1, lastPage)) : null,
    results,
  }
}
