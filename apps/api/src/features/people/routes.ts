import { peopleRoutes } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { actorOf } from '../../lib/audit'
import { notFound } from '../../lib/errors'
import { pageWindow, paginate } from '../../lib/pagination'
import { implement } from '../../lib/route'
import { listPeople, updatePerson } from './service'

export async function peopleFeature(app: FastifyInstance) {
  const { db } = app

  implement(app, peopleRoutes.listPeople, async (request) => {
    const { search, role } = request.query
    const page = await listPeople(db, { search, role }, pageWindow(request.query))
    return paginate(request, request.query, page.count, page.results)
  })

  implement(app, peopleRoutes.updatePerson, async (request) => {
    const person = await updatePerson(db, actorOf(request), request.params.id, request.body)
    if (!person) throw notFound('User not found.')
    return person
  })
}
