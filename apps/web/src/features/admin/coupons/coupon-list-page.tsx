import type { Coupon } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Alert, Badge, Button, Table } from 'react-bootstrap'
import toast from 'react-hot-toast'
import { Loading } from '../../../components/loading'
import { Pager, usePageParam } from '../../../components/pager'
import { couponListQuery, useDeleteCoupon } from '../../../data/coupons'
import { serverDetail } from '../../../lib/api'
import { formatDateTime, formatPrice } from '../../../lib/format'
import { ConfirmDeleteModal } from '../common/confirm-delete-modal'
import { FormDialog, useFormDialog } from '../common/modal-form'
import { PageHeader } from '../common/page-header'
import { RowActions } from '../common/row-actions'
import { CouponForm } from './coupon-form'

const PAGE_SIZE = 20

/** "10%" or "PKR 5,000" */
export const discountOf = (coupon: Coupon) =>
  coupon.kind === 'percent' ? `${Number(coupon.value)}%` : formatPrice(coupon.value)

/** The minimum subtotal, or null when any subtotal will do. */
const minimumOf = (coupon: Coupon) =>
  Number(coupon.min_subtotal) === 0 ? null : formatPrice(coupon.min_subtotal)

export function validityOf({ starts_at: start, ends_at: end }: Coupon): string {
  if (start && end) return `${formatDateTime(start)} – ${formatDateTime(end)}`
  if (start) return `From ${formatDateTime(start)}`
  if (end) return `Until ${formatDateTime(end)}`
  return 'Always'
}

const usesOf = (coupon: Coupon) => `${coupon.used_count} / ${coupon.max_uses ?? 'no limit'}`

/** Whether a customer could use it now, and if not why: the switch, the window or the uses. */
function stateOf(coupon: Coupon, now: number): { label: string; colour: string } {
  if (!coupon.is_active) return { label: 'Off', colour: 'secondary' }
  if (coupon.ends_at && Date.parse(coupon.ends_at) <= now) return { label: 'Expired', colour: 'secondary' }
  if (coupon.max_uses !== null && coupon.used_count >= coupon.max_uses) {
    return { label: 'Used up', colour: 'secondary' }
  }
  if (coupon.starts_at && Date.parse(coupon.starts_at) > now) return { label: 'Scheduled', colour: 'info' }
  return { label: 'Active', colour: 'success' }
}

function CouponTable({
  coupons,
  onEdit,
  onDelete,
}: {
  coupons: Coupon[]
  onEdit(coupon: Coupon): void
  onDelete(coupon: Coupon): void
}) {
  const now = Date.now()
  return (
    <Table responsive hover className="align-middle bg-white shadow-sm admin-table">
      <thead>
        <tr>
          <th scope="col">Code</th>
          <th scope="col" className="d-none d-md-table-cell">
            Discount
          </th>
          <th scope="col" className="d-none d-md-table-cell">
            Minimum
          </th>
          <th scope="col" className="d-none d-lg-table-cell">
            Valid
          </th>
          <th scope="col" className="d-none d-md-table-cell">
            Uses
          </th>
          <th scope="col">Active</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {coupons.map((coupon) => {
          const state = stateOf(coupon, now)
          return (
            <tr key={coupon.id}>
              <td>
                <span className="fw-medium font-monospace">{coupon.code}</span>
                {/* Small screens fold the terms into the first cell. */}
                <div className="d-md-none small text-body-secondary">
                  {discountOf(coupon)} · {minimumOf(coupon) ? `min ${minimumOf(coupon)}` : 'no minimum'} ·{' '}
                  {usesOf(coupon)} uses
                </div>
                <div className="d-lg-none small text-body-secondary">{validityOf(coupon)}</div>
              </td>
              <td className="d-none d-md-table-cell text-nowrap">{discountOf(coupon)}</td>
              <td className="d-none d-md-table-cell text-nowrap">{minimumOf(coupon) ?? 'None'}</td>
              <td className="d-none d-lg-table-cell small">{validityOf(coupon)}</td>
              <td className="d-none d-md-table-cell text-nowrap">{usesOf(coupon)}</td>
              <td>
                <Badge bg={state.colour} text={state.colour === 'info' ? 'dark' : undefined}>
                  {state.label}
                </Badge>
              </td>
              <td>
                <RowActions
                  name={coupon.code}
                  onEdit={() => onEdit(coupon)}
                  onDelete={() => onDelete(coupon)}
                />
              </td>
            </tr>
          )
        })}
      </tbody>
    </Table>
  )
}

/** Staff create, change and delete the shop's discount codes. */
export function CouponListPage() {
  const page = usePageParam()
  const coupons = useQuery(couponListQuery({ page, page_size: PAGE_SIZE }))
  const dialog = useFormDialog<Coupon>()
  const [doomed, setDoomed] = useState<Coupon | null>(null)
  const removal = useDeleteCoupon()

  const remove = (coupon: Coupon) =>
    removal.mutate(coupon.id, {
      onSuccess: () => toast.success(`Coupon ${coupon.code} deleted.`),
      onError: (error) => toast.error(serverDetail(error) ?? `Could not delete coupon ${coupon.code}.`),
      onSettled: () => setDoomed(null),
    })

  return (
    <>
      <PageHeader
        title="Coupons"
        subtitle="Discount codes customers enter at checkout."
        action={<Button onClick={() => dialog.open()}>Create Coupon</Button>}
      />
      {coupons.isPending ? (
        <Loading label="Loading the coupons..." />
      ) : coupons.isError ? (
        <Alert variant="danger">Could not load the coupons.</Alert>
      ) : coupons.data.count === 0 ? (
        <p className="text-body-secondary">No coupons yet.</p>
      ) : (
        <>
          <CouponTable coupons={coupons.data.results} onEdit={dialog.open} onDelete={setDoomed} />
          <Pager page={page} count={coupons.data.count} pageSize={PAGE_SIZE} />
        </>
      )}

      <FormDialog show={dialog.show} onHide={dialog.close}>
        <CouponForm coupon={dialog.record} onDone={dialog.close} />
      </FormDialog>
      <ConfirmDeleteModal
        show={doomed !== null}
        title="Delete coupon"
        deleting={removal.isPending}
        onCancel={() => setDoomed(null)}
        onConfirm={() => doomed && remove(doomed)}
      >
        Delete the coupon <strong>{doomed?.code}</strong>? Customers can no longer use it; orders that used it
        keep their discount.
      </ConfirmDeleteModal>
    </>
  )
}
