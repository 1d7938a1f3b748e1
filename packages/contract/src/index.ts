import { addressRoutes } from './addresses'
import { analyticsRoutes } from './analytics'
import { auditRoutes } from './audit'
import { authRoutes } from './auth'
import { cartRoutes } from './cart'
import { catalogRoutes } from './catalog'
import { claimRoutes } from './claims'
import type { RouteSpec } from './common'
import { couponRoutes } from './coupons'
import { dataTransferRoutes } from './data-transfer'
import { deliveryRoutes } from './delivery'
import { dispatchRoutes } from './dispatch'
import { documentsRoutes } from './documents'
import { healthRoutes } from './health'
import { messagingRoutes } from './messaging'
import { orderDeskRoutes } from './order-desk'
import { orderRoutes } from './orders'
import { paymentRoutes } from './payments'
import { peopleRoutes } from './people'
import { reportRoutes } from './reports'
import { reviewRoutes } from './reviews'
import { staffRoutes } from './staff'
import { stockRoutes } from './stock'

export * from './access'
export * from './addresses'
export * from './analytics'
export * from './audit'
export * from './auth'
export * from './cart'
export * from './catalog'
export * from './claims'
export * from './common'
export * from './coupons'
export * from './data-transfer'
export * from './delivery'
export * from './dispatch'
export * from './documents'
export * from './first-screen'
export * from './health'
export * from './languages'
export * from './messaging'
export * from './money'
export * from './order-desk'
export * from './orders'
export * from './pages'
export * from './paths'
export * from './payments'
export * from './people'
export * from './reports'
export * from './reviews'
export * from './route'
export * from './sentences'
export * from './staff'
export * from './stock'

/** Every route of docs/api.md: the server must implement each one, and the test suites walk this list. */
export const routes: readonly RouteSpec[] = [
  ...Object.values(healthRoutes),
  ...Object.values(authRoutes),
  ...Object.values(catalogRoutes),
  ...Object.values(reviewRoutes),
  ...Object.values(cartRoutes),
  ...Object.values(orderRoutes),
  ...Object.values(paymentRoutes),
  ...Object.values(deliveryRoutes),
  ...Object.values(addressRoutes),
  ...Object.values(couponRoutes),
  ...Object.values(messagingRoutes),
  ...Object.values(analyticsRoutes),
  ...Object.values(staffRoutes),
  ...Object.values(stockRoutes),
  ...Object.values(dispatchRoutes),
  ...Object.values(documentsRoutes),
  ...Object.values(peopleRoutes),
  ...Object.values(auditRoutes),
  ...Object.values(reportRoutes),
  ...Object.values(dataTransferRoutes),
  ...Object.values(orderDeskRoutes),
  ...Object.values(claimRoutes),
]

/** Any route of the contract, with its exact schema types. */
export type ContractRoute =
  | (typeof authRoutes)[keyof typeof authRoutes]
  | (typeof healthRoutes)[keyof typeof healthRoutes]
  | (typeof catalogRoutes)[keyof typeof catalogRoutes]
  | (typeof reviewRoutes)[keyof typeof reviewRoutes]
  | (typeof cartRoutes)[keyof typeof cartRoutes]
  | (typeof orderRoutes)[keyof typeof orderRoutes]
  | (typeof paymentRoutes)[keyof typeof paymentRoutes]
  | (typeof deliveryRoutes)[keyof typeof deliveryRoutes]
  | (typeof addressRoutes)[keyof typeof addressRoutes]
  | (typeof couponRoutes)[keyof typeof couponRoutes]
  | (typeof messagingRoutes)[keyof typeof messagingRoutes]
  | (typeof analyticsRoutes)[keyof typeof analyticsRoutes]
  | (typeof staffRoutes)[keyof typeof staffRoutes]
  | (typeof stockRoutes)[keyof typeof stockRoutes]
  | (typeof dispatchRoutes)[keyof typeof dispatchRoutes]
  | (typeof peopleRoutes)[keyof typeof peopleRoutes]
  | (typeof auditRoutes)[keyof typeof auditRoutes]
  | (typeof reportRoutes)[keyof typeof reportRoutes]
  | (typeof documentsRoutes)[keyof typeof documentsRoutes]
  | (typeof dataTransferRoutes)[keyof typeof dataTransferRoutes]
  | (typeof orderDeskRoutes)[keyof typeof orderDeskRoutes]
  | (typeof claimRoutes)[keyof typeof claimRoutes]

/** Where a route of the contract lives (an entry of `paths`): exactly one of its method and path pairs. */
export type RouteAddress = AddressOf<ContractRoute>
type AddressOf<R> = R extends RouteSpec ? { readonly method: R['method']; readonly path: R['path'] } : never

/** The contract route at an address: how the web client knows a call's params, query, body and answer. */
export type RouteAt<A extends RouteAddress> = Extract<ContractRoute, { method: A['method']; path: A['path'] }>

/** The contract route at an address, seen as a RouteSpec so its parts (params, query, answer) can be looked up. */
export type RouteSpecAt<A extends RouteAddress> = RouteAt<A> extends infer S extends RouteSpec ? S : never
