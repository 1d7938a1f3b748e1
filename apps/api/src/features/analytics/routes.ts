import type { FastifyInstance } from 'fastify'

export async function analyticsFeature(_app: FastifyInstance) {}
