import { peopleRoutes } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { actorOf } from '../../lib/audit'
import { httpError, notFound } from '../../lib/errors'
import { pageWindow, paginate } from '../../lib/pagination'
import { implement } from '../../lib/route'
import { resetTwoFactor } from '../auth/two-factor'
import { getPerson, listPeople, updatePerson } from './service'

export async function peopleFeature(app: FastifyInstance) {
  const { db } = app

  implement(app, peopleRoutes.listPeople, async (request) => {
    const { search, role } = request.query
    const page = await listPeople(db, { search, role }, pageWindow(request.query))
    return paginate(request, request.query, page.count, page.results)
  })

  implement(app, peopleRoutes.resetTwoFactor, async (request) => {
    const actor = actorOf(request)
    const { id } = request.params
    if (id === actor.id) {
      throw httpError(400, 'Turn your own two-factor sign-in off on your two-factor page, with a code.')
    }
    const reset = await resetTwoFactor(db, app.notifier, actor, id)
    if (!reset) throw notFound('User not found.')
    if (reset === 'not-on') throw httpError(409, 'Two-factor sign-in is off for this account already.')
    const person = await getPerson(db, id)
    if (!person) throw notFound('User not found.')
    return person
  })

  implement(app, peopleRoutes.updatePerson, async (request) => {
    const person = await updatePerson(db, actorOf(request), request.params.id, request.body)
    if (!person) throw notFound('User not found.')
    return person
  })
}
