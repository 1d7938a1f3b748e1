import { readFile } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'

/**
 * For `npm run bench` only (BENCH_CEILING_FILE set): a bare route in the same server build answering
 * the same bytes as a product list page, from memory. Its requests/s is the ceiling that the real
 * routes are measured against: everything they do beyond it is our own cost.
 */
export function registerBenchCeiling(app: FastifyInstance, file: string): void {
  let bytes: Buffer | null = null
  app.get('/api/bench/ceiling/', async (_request, reply) => {
    bytes ??= await readFile(file)
    return reply.type('application/json; charset=utf-8').send(bytes)
  })
}
