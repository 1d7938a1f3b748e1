import { validate } from '@readme/openapi-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/harness'

let context: TestContext
// biome-ignore lint/suspicious/noExplicitAny: the document is walked by its OpenAPI paths, checked by value
let document: any

beforeAll(async () => {
  context = await createTestApp()
  const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' })
  expect(response.statusCode).toBe(200)
  document = response.json()
})
afterAll(() => context.close())

const json = (schema: object) => ({ 'application/json': { schema } })
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })

describe('GET /api/docs/json', () => {
  it('is a valid OpenAPI document by a validator of its own', async () => {
    const result = await validate(structuredClone(document))
    expect(result.valid ? [] : result.errors.map((error) => error.message)).toEqual([])
  })

  it('names the contract’s answers, bodies and error body as components', () => {
    const names = Object.keys(document.components.schemas)
    for (const name of ['Product', 'ProductDetail', 'Order', 'Category', 'Cart', 'User', 'Address', 'Error'])
      expect(names).toContain(name)
    for (const name of ['CategoryBody', 'AddressBody', 'PlaceOrderBody', 'CancelOrderBody'])
      expect(names).toContain(name)
    // Only what the routes reach, each under one name.
    expect(names.filter((name) => name.endsWith('Input'))).toEqual([])
    expect(names).not.toContain('ProductFormBody')
  })

  it('refers to them by $ref from the routes and from one another', () => {
    const { paths, components } = document
    expect(paths['/api/products/{id}/'].get.responses['200'].content).toEqual(json(ref('ProductDetail')))
    expect(paths['/api/orders/'].post.responses['201'].content).toEqual(json(ref('Order')))
    expect(paths['/api/cart/'].get.responses['200'].content).toEqual(json(ref('Cart')))
    expect(
      paths['/api/categories/'].get.responses['200'].content['application/json'].schema.properties.results,
    ).toEqual({ type: 'array', items: ref('Category') })
    expect(paths['/api/categories/{id}/'].put.requestBody.content).toEqual(json(ref('CategoryBody')))
    expect(paths['/api/addresses/'].post.responses.default.content).toEqual(json(ref('Error')))
    expect(components.schemas.Order.properties.items).toEqual({ type: 'array', items: ref('OrderItem') })
    expect(components.schemas.Cart.properties.items).toEqual({ type: 'array', items: ref('CartItem') })
  })

  it('marks a body that may be left out as not required', () => {
    expect(document.paths['/api/orders/{id}/cancel/'].post.requestBody.required).toBe(false)
    expect(document.paths['/api/categories/'].post.requestBody.required).toBe(true)
  })
})
