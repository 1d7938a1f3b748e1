import { z } from 'zod'
import type { RouteSpec } from './common'
import { paths } from './paths'

export const Health = z.object({ status: z.literal('ok') })
export type Health = z.infer<typeof Health>

export const Ready = z.object({ status: z.literal('ready') })
export type Ready = z.infer<typeof Ready>

export const healthRoutes = {
  health: {
    ...paths.health.health,
    access: 'anyone',
    summary: 'Liveness: answers once the database does',
    status: 200,
    response: Health,
  },
  ready: {
    ...paths.health.ready,
    access: 'anyone',
    summary:
      'Readiness for a load balancer: 200 when the database and the media storage answer, 503 otherwise',
    status: 200,
    response: Ready,
  },
} as const satisfies Record<string, RouteSpec>
