import type { FastifyInstance } from 'fastify'

export async function messagingFeature(_app: FastifyInstance) {}
