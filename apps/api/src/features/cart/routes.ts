import type { FastifyInstance } from 'fastify'

export async function cartFeature(_app: FastifyInstance) {}
