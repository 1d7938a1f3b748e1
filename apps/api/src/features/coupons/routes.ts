import { couponRoutes } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { actorOf } from '../../lib/audit'
import { notFound } from '../../lib/errors'
import { pageWindow, paginate } from '../../lib/pagination'
import { implement } from '../../lib/route'
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from './service'

const couponNotFound = () => notFound('Coupon not found.')

export async function couponsFeature(app: FastifyInstance) {
  const { db } = app

  implement(app, couponRoutes.listCoupons, async (request) => {
    const page = await listCoupons(db, pageWindow(request.query))
    return paginate(request, request.query, page.count, page.results)
  })

  implement(app, couponRoutes.createCoupon, async (request) =>
    createCoupon(db, actorOf(request), request.body),
  )

  implement(app, couponRoutes.updateCoupon, async (request) => {
    const coupon = await updateCoupon(db, actorOf(request), request.params.id, request.body)
    if (!coupon) throw couponNotFound()
    return coupon
  })

  implement(app, couponRoutes.deleteCoupon, async (request) => {
    if (!(await deleteCoupon(db, actorOf(request), request.params.id))) throw couponNotFound()
  })
}
