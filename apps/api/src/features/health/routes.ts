import { authRoutes } from '@store/contract'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { implement } from '../../lib/route'

export async function healthFeature(app: FastifyInstance) {
  implement(app, authRoutes.health, async () => {
    await app.db.execute(sql`select 1`)
    return { status: 'ok' as const }
  })
}
