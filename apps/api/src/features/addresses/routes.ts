import { addressRoutes } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../lib/auth'
import { notFound } from '../../lib/errors'
import { pageWindow, paginate } from '../../lib/pagination'
import { implement } from '../../lib/route'
import { createAddress, deleteAddress, listAddresses, updateAddress } from './service'

// Another user's address answers as one that does not exist (docs/api.md: no enumeration).
const addressNotFound = () => notFound('Address not found.')

export async function addressesFeature(app: FastifyInstance) {
  const { db } = app

  implement(app, addressRoutes.listAddresses, async (request) => {
    const page = await listAddresses(db, callerOf(request).id, pageWindow(request.query))
    return paginate(request, request.query, page.count, page.results)
  })

  implement(app, addressRoutes.createAddress, async (request) =>
    createAddress(db, callerOf(request).id, request.body),
  )

  implement(app, addressRoutes.updateAddress, async (request) => {
    const address = await updateAddress(db, callerOf(request).id, request.params.id, request.body)
    if (!address) throw addressNotFound()
    return address
  })

  implement(app, addressRoutes.deleteAddress, async (request) => {
    if (!(await deleteAddress(db, callerOf(request).id, request.params.id))) throw addressNotFound()
  })
}
