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
export * from './orders'
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
