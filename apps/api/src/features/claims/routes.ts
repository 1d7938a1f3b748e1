import { ClaimForm, can, claimRoutes } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { actorOf } from '../../lib/audit'
import { callerOf } from '../../lib/auth'
import { notFound } from '../../lib/errors'
import { parseFormFields } from '../../lib/multipart'
import { pageWindow, paginate } from '../../lib/pagination'
import { implement } from '../../lib/route'
import { getOrder } from '../orders/reading'
import { decideCancellation } from './cancellation'
import { evidenceReader, readClaimForm, removeEvidence, sendEvidence } from './evidence'
import { evidenceFor, fileClaim, ownOrder } from './filing'
import { type ClaimReader, getClaim, listClaims } from './reading'
import { updateClaim } from './resolving'
import { getClaimSettings, setClaimSettings } from './settings'

const claimNotFound = () => notFound('Claim not found.')

export async function claimsFeature(app: FastifyInstance) {
  const { db, storage, notifier, config } = app
  const secret = config.jwtSecret
  if (!secret) throw new Error('The claims feature needs config.jwtSecret')

  /** Staff with `orders` read every claim; anyone else only their own. */
  const readerOf = (request: Parameters<typeof callerOf>[0]): ClaimReader => {
    const user = callerOf(request)
    return {
      ownerId: can(user.role, 'orders') ? null : user.id,
      readerId: user.id,
      language: request.language,
      secret,
    }
  }

  const claimFor = async (id: number, reader: ClaimReader) => {
    const claim = await getClaim(db, id, reader)
    if (!claim) throw claimNotFound()
    return claim
  }

  implement(app, claimRoutes.createClaim, async (request) => {
    const { id } = request.params
    const customerId = callerOf(request).id
    if (!(await ownOrder(db, id, customerId))) throw notFound('Order not found.')
    const { fields, files } = await readClaimForm(request, {
      limits: {
        imageBytes: config.media.maxFileBytes,
        maxPixels: config.media.maxPixels,
        videoBytes: config.claimVideoMaxBytes,
      },
      storage,
    })
    let form: z.output<typeof ClaimForm>
    try {
      form = parseFormFields(ClaimForm, fields, 'The form is not valid.')
    } catch (error) {
      await removeEvidence(storage, files)
      throw error
    }
    const claimId = await fileClaim(db, { storage, notifier }, id, { customerId, form, files })
    if (claimId === null) throw notFound('Order not found.')
    return claimFor(claimId, { ...readerOf(request), ownerId: customerId })
  })

  implement(app, claimRoutes.listClaims, async (request) => {
    const { count, results } = await listClaims(
      db,
      request.query,
      readerOf(request),
      pageWindow(request.query),
    )
    return paginate(request, request.query, count, results)
  })

  implement(app, claimRoutes.getClaim, async (request) => claimFor(request.params.id, readerOf(request)))

  implement(app, claimRoutes.updateClaim, async (request) => {
    const { id } = request.params
    const user = callerOf(request)
    const by = { id: user.id, role: user.role, audit: actorOf(request) }
    if (!(await updateClaim(db, notifier, id, { by, change: request.body }))) throw claimNotFound()
    return claimFor(id, readerOf(request))
  })

  implement(app, claimRoutes.getEvidence, async (request, reply) => {
    const { id: claimId, evidenceId } = request.params
    const missing = () => notFound('Not found.')
    const readerId = evidenceReader(secret, { claimId, evidenceId }, request.query.token)
    if (readerId === null) throw missing()
    const file = await evidenceFor(db, { claimId, evidenceId }, readerId)
    if (!file) throw missing()
    // Sent here, or false when the stored file is gone (answered, not awaited: a reply is thenable).
    if (!(await sendEvidence(reply, storage, file, request.headers.range))) throw missing()
    return reply
  })

  implement(app, claimRoutes.getClaimSettings, async () => getClaimSettings(db))

  implement(app, claimRoutes.updateClaimSettings, async (request) =>
    setClaimSettings(db, actorOf(request), request.body),
  )

  implement(app, claimRoutes.decideCancellation, async (request) => {
    const { id } = request.params
    const user = callerOf(request)
    const by = { id: user.id, role: user.role, audit: actorOf(request) }
    if (!(await decideCancellation(db, notifier, id, { by, answer: request.body }))) {
      throw notFound('Order not found.')
    }
    const order = await getOrder(db, storage, id, { ownerId: null, language: request.language })
    if (!order) throw notFound('Order not found.')
    return order
  })
}
