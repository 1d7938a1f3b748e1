import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { routes } from './index'

/** How docs/api.md names a route at the start of its row: method, then the path with `{param}`s. */
const routeName = (method: string, path: string) => `${method} \`${path.replace(/:(\w+)/g, '{$1}')}\``

describe('the route list of docs/api.md', () => {
  const page = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8')
  const listed = [...page.matchAll(/^\| ((?:GET|POST|PUT|PATCH|DELETE) `[^`]+`)/gm)].map((match) => match[1])

  it('names every route of the contract, once, and nothing else', () => {
    const contract = routes.map((route) => routeName(route.method, route.path))
    expect([...listed].sort()).toEqual([...contract].sort())
  })
})
