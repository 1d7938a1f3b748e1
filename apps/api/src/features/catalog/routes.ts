import type { FastifyInstance } from 'fastify'

export async function catalogFeature(_app: FastifyInstance) {}
