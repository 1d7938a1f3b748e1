import { can, documentsRoutes } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { actorOf } from '../../lib/audit'
import { callerOf } from '../../lib/auth'
import { httpError, notFound } from '../../lib/errors'
import { storeLogoImage } from '../../lib/images'
import { readMultipart } from '../../lib/multipart'
import { implement } from '../../lib/route'
import { documentPdf, listOrderDocuments } from './reading'
import { getStoreDetails, replaceLogo, setStoreDetails } from './store-details'

const orderNotFound = () => notFound('Order not found.')

export async function documentsFeature(app: FastifyInstance) {
  const { db, storage } = app

  /** Staff with `orders` see every order's papers; anyone else only their own orders'. */
  const scopeOf = (role: Parameters<typeof can>[0], id: number) => ({
    ownerId: can(role, 'orders') ? null : id,
  })

  implement(app, documentsRoutes.getStoreDetails, async () => getStoreDetails(db, storage))
  implement(app, documentsRoutes.updateStoreDetails, async (request) =>
    setStoreDetails(db, storage, actorOf(request), request.body),
  )

  implement(app, documentsRoutes.uploadStoreLogo, async (request) => {
    let key: string | null = null
    try {
      await readMultipart(request, app.config.media, {
        what: 'the logo',
        fileField: 'logo',
        onFile: async (bytes) => {
          if (key) throw httpError(400, 'The form is not valid.', { logo: ['Send one image as the logo.'] })
          key = await storeLogoImage(storage, bytes, app.config.media)
        },
      })
    } catch (error) {
      if (key) await storage.remove(key)
      throw error
    }
    if (!key) throw httpError(400, 'The form is not valid.', { logo: ['Choose an image for the logo.'] })
    return replaceLogo(db, storage, actorOf(request), key)
  })
  implement(app, documentsRoutes.deleteStoreLogo, async (request) =>
    replaceLogo(db, storage, actorOf(request), null),
  )

  implement(app, documentsRoutes.listOrderDocuments, async (request) => {
    const user = callerOf(request)
    const papers = await listOrderDocuments(
      db,
      request.params.id,
      scopeOf(user.role, user.id),
      request.language,
    )
    if (!papers) throw orderNotFound()
    return papers
  })

  implement(app, documentsRoutes.getDocumentPdf, async (request, reply) => {
    const user = callerOf(request)
    const { id: orderId, documentId } = request.params
    const pdf = await documentPdf(
      db,
      storage,
      { orderId, documentId },
      scopeOf(user.role, user.id),
      request.language,
    )
    if (!pdf) throw notFound('Document not found.')
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${pdf.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', 'sandbox')
      .send(pdf.bytes)
  })
}
