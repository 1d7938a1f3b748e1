import { dispatchRoutes } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { actorOf } from '../../lib/audit'
import { callerOf } from '../../lib/auth'
import { HttpError, httpError, notFound } from '../../lib/errors'
import { receiptImage } from '../../lib/images'
import { parseFormFields, readMultipart } from '../../lib/multipart'
import { implement } from '../../lib/route'
import { sendReceipt } from '../payments/routes'
import { cashReport, recordHandIn } from './cash'
import { todayInPakistan } from './days'
import { type DriverCaller, markDelivered, markFailed, myRuns, stopPhoto } from './driver'
import { createRun, deleteRun, dispatchDay } from './runs'
import { getDeliverySettings, setDeliverySettings } from './settings'

export async function dispatchFeature(app: FastifyInstance) {
  const { db, notifier } = app

  implement(app, dispatchRoutes.getDeliverySettings, async (request) =>
    getDeliverySettings(db, request.language),
  )

  implement(app, dispatchRoutes.updateDeliverySettings, async (request) =>
    setDeliverySettings(db, request.body, { actor: actorOf(request), language: request.language }),
  )

  implement(app, dispatchRoutes.dispatchDay, async (request) =>
    dispatchDay(db, request.query.date ?? (await todayInPakistan(db)), request.language),
  )

  implement(app, dispatchRoutes.createRun, async (request) =>
    createRun(db, notifier, request.body, { actor: actorOf(request), language: request.language }),
  )

  implement(app, dispatchRoutes.deleteRun, async (request, reply) => {
    if (!(await deleteRun(db, request.params.id, actorOf(request)))) throw notFound('Run not found.')
    return reply.status(204).send()
  })

  const driverOf = (request: Parameters<typeof callerOf>[0]): DriverCaller => {
    const user = callerOf(request)
    return { id: user.id, role: user.role, actor: actorOf(request) }
  }

  implement(app, dispatchRoutes.myRuns, async (request) => myRuns(db, callerOf(request).id, request.language))

  implement(app, dispatchRoutes.markDelivered, async (request) => {
    let photo: { contentType: string; bytes: Buffer } | null = null
    let delivered = request.body
    if (request.isMultipart()) {
      const fields = await readMultipart(request, app.config.media, {
        what: 'the delivery',
        fileField: 'photo',
        onFile: async (bytes) => {
          if (photo)
            throw httpError(400, 'The form is not valid.', { photo: ['Send one photo of the challan.'] })
          photo = await challanPhoto(bytes, app.config.media)
        },
      })
      delivered = parseFormFields(dispatchRoutes.markDelivered.form, fields, 'The form is not valid.')
    }
    if (delivered == null) throw httpError(400, 'The request body is empty; send JSON.')
    return markDelivered(db, notifier, request.params.id, {
      driver: driverOf(request),
      delivered,
      photo,
      language: request.language,
    })
  })

  implement(app, dispatchRoutes.markFailed, async (request) =>
    markFailed(db, notifier, request.params.id, {
      driver: driverOf(request),
      failed: request.body,
      language: request.language,
    }),
  )

  implement(app, dispatchRoutes.getStopPhoto, async (request, reply) => {
    const photo = await stopPhoto(db, request.params.id)
    if (!photo) throw notFound('This stop has no photo.')
    return sendReceipt(reply, photo)
  })

  implement(app, dispatchRoutes.cashReport, async (request) => cashReport(db, request.query))

  implement(app, dispatchRoutes.recordHandIn, async (request) =>
    recordHandIn(db, request.body, actorOf(request)),
  )
}

/** The signed challan's photo, judged by its content and re-encoded (its metadata gone), as receipts are. */
async function challanPhoto(bytes: Buffer, limits: { maxPixels: number }) {
  try {
    return await receiptImage(bytes, limits)
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 415) {
      throw httpError(415, 'Send the challan as a photo (JPEG, PNG, WebP, GIF or AVIF).')
    }
    throw error
  }
}
