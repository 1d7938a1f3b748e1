// Compile-time checks of implement(): `tsc -b` fails if a handler may return something its route's
// answer schema does not describe. Nothing here runs; the functions are never called.
import { authRoutes, orderRoutes } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { implement } from './route'

export function handlersMustReturnTheRouteAnswer(app: FastifyInstance) {
  // @ts-expect-error a 201 route cannot answer null
  implement(app, orderRoutes.placeOrder, async () => null)

  // @ts-expect-error a wrong field type in the answer
  implement(app, authRoutes.profile, async () => ({
    id: '1',
    email: 'a@example.com',
    first_name: 'A',
    last_name: 'B',
    is_staff: false,
  }))

  implement(app, authRoutes.profile, async () => ({
    id: 1,
    email: 'a@example.com',
    first_name: 'A',
    last_name: 'B',
    is_staff: false,
    role: 'customer' as const,
    two_factor_enabled: false,
    phone: null,
    notify_email: true,
    language: 'en' as const,
  }))

  // A 204 route answers nothing.
  implement(app, authRoutes.logout, async () => {})
}
