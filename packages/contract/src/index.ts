import { analyticsRoutes } from './analytics'
import { authRoutes } from './auth'
import { cartRoutes } from './cart'
import { catalogRoutes } from './catalog'
import type { RouteSpec } from './common'
import { healthRoutes } from './health'
import { messagingRoutes } from './messaging'
import { orderRoutes } from './orders'
import { reviewRoutes } from './reviews'

export * from './analytics'
export * from './auth'
export * from './cart'
export * from './catalog'
export * from './common'
export * from './health'
export * from './messaging'
export * from './money'
export * from './orders'
export * from './pages'
export * from './paths'
export * from './reviews'
export * from './route'

/** Every route of API.md: the server must implement each one, and the test suites walk this list. */
export const routes: readonly RouteSpec[] = [
  ...Object.values(healthRoutes),
  ...Object.values(authRoutes),
  ...Object.values(catalogRoutes),
  ...Object.values(reviewRoutes),
  ...Object.values(cartRoutes),
  ...Object.values(orderRoutes),
  ...Object.values(messagingRoutes),
  ...Object.values(analyticsRoutes),
]

/** Any route of the contract, with its exact schema types. */
export type ContractRoute =
  | (typeof authRoutes)[keyof typeof authRoutes]
  | (typeof healthRoutes)[keyof typeof healthRoutes]
  | (typeof catalogRoutes)[keyof typeof catalogRoutes]
  | (typeof reviewRoutes)[keyof typeof reviewRoutes]
  | (typeof cartRoutes)[keyof typeof cartRoutes]
  | (typeof orderRoutes)[keyof typeof orderRoutes]
  | (typeof messagingRoutes)[keyof typeof messagingRoutes]
  | (typeof analyticsRoutes)[keyof typeof analyticsRoutes]

/** Where a route of the contract lives (an entry of `paths`): exactly one of its method and path pairs. */
export type RouteAddress = AddressOf<ContractRoute>
type AddressOf<R> = R extends RouteSpec ? { readonly method: R['method']; readonly path: R['path'] } : never

/** The contract route at an address: how the web client knows a call's params, query, body and answer. */
export type RouteAt<A extends RouteAddress> = Extract<ContractRoute, { method: A['method']; path: A['path'] }>
