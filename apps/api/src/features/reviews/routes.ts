import type { FastifyInstance } from 'fastify'

export async function reviewsFeature(_app: FastifyInstance) {}
