import type { FastifyInstance } from 'fastify'

export async function ordersFeature(_app: FastifyInstance) {}
