import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Coupon } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Badge, Button } from 'react-bootstrap'
import { usePageParam } from '../../../components/pager'
import { serverDetail } from '../../../lib/api'
import { formatDateTime, formatPrice } from '../../../lib/format'
import { i18n } from '../../../lib/i18n'
import { toast } from '../../../lib/toast'
import { ConfirmDeleteModal } from '../common/confirm-delete-modal'
import { ListTable, PagedListState } from '../common/list-state'
import { FormDialog, useFormDialog } from '../common/modal-form'
import { PageHeader } from '../common/page-header'
import { RowActions } from '../common/row-actions'
import { CouponForm } from './coupon-form'
import { couponListQuery, useDeleteCoupon } from './data'

const PAGE_SIZE = 20

/** "10%" or "PKR 5,000" */
export const discountOf = (coupon: Coupon) =>
  coupon.kind === 'percent' ? `${Number(coupon.value)}%` : formatPrice(coupon.value)

/** The minimum subtotal, or null when any subtotal will do. */
const minimumOf = (coupon: Coupon) =>
  Number(coupon.min_subtotal) === 0 ? null : formatPrice(coupon.min_subtotal)

export function validityOf({ starts_at: start, ends_at: end }: Coupon): string {
  const from = start && formatDateTime(start)
  const until = end && formatDateTime(end)
  if (from && until) return `${from} – ${until}`
  if (from) return i18n._(msg`From ${from}`)
  if (until) return i18n._(msg`Until ${until}`)
  return i18n._(msg`Always`)
}

const usesOf = (coupon: Coupon) => `${coupon.used_count} / ${coupon.max_uses ?? i18n._(msg`no limit`)}`

/** Whether a customer could use it now, and if not why: the switch, the window or the uses. */
function stateOf(coupon: Coupon, now: number): { label: string; colour: string } {
  if (!coupon.is_active) return { label: i18n._(msg`Off`), colour: 'secondary' }
  if (coupon.ends_at && Date.parse(coupon.ends_at) <= now) {
    return { label: i18n._(msg`Expired`), colour: 'secondary' }
  }
  if (coupon.max_uses !== null && coupon.used_count >= coupon.max_uses) {
    return { label: i18n._(msg`Used up`), colour: 'secondary' }
  }
  if (coupon.starts_at && Date.parse(coupon.starts_at) > now) {
    return { label: i18n._(msg`Scheduled`), colour: 'info' }
  }
  return { label: i18n._(msg`Active`), colour: 'success' }
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
  const { t } = useLingui()
  const now = Date.now()
  return (
    <ListTable
      columns={[
        { label: t`Code` },
        { label: t`Discount`, className: 'd-none d-md-table-cell' },
        { label: t`Minimum`, className: 'd-none d-md-table-cell' },
        { label: t`Valid`, className: 'd-none d-lg-table-cell' },
        { label: t`Uses`, className: 'd-none d-md-table-cell' },
        { label: t`Active` },
        { label: t`Actions` },
      ]}
    >
      {coupons.map((coupon) => {
        const state = stateOf(coupon, now)
        const discount = discountOf(coupon)
        const minimum = minimumOf(coupon)
        const uses = usesOf(coupon)
        return (
          <tr key={coupon.id}>
            <td>
              <span className="fw-medium font-monospace">{coupon.code}</span>
              {/* Small screens fold the terms into the first cell. */}
              <div className="d-md-none small text-body-secondary">
                {minimum ? (
                  <Trans>
                    {discount} · min {minimum} · {uses} uses
                  </Trans>
                ) : (
                  <Trans>
                    {discount} · no minimum · {uses} uses
                  </Trans>
                )}
              </div>
              <div className="d-lg-none small text-body-secondary">{validityOf(coupon)}</div>
            </td>
            <td className="d-none d-md-table-cell text-nowrap">{discount}</td>
            <td className="d-none d-md-table-cell text-nowrap">{minimum ?? t`None`}</td>
            <td className="d-none d-lg-table-cell small">{validityOf(coupon)}</td>
            <td className="d-none d-md-table-cell text-nowrap">{uses}</td>
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
    </ListTable>
  )
}

/** Staff create, change and delete the shop's discount codes. */
export function CouponListPage() {
  const { t } = useLingui()
  const page = usePageParam()
  const coupons = useQuery(couponListQuery({ page, page_size: PAGE_SIZE }))
  const dialog = useFormDialog<Coupon>()
  const [doomed, setDoomed] = useState<Coupon | null>(null)
  const removal = useDeleteCoupon()

  const remove = ({ id, code }: Coupon) =>
    removal.mutate(id, {
      onSuccess: () => toast.success(t`Coupon ${code} deleted.`),
      onError: (error) => toast.error(serverDetail(error) ?? t`Could not delete coupon ${code}.`),
      onSettled: () => setDoomed(null),
    })

  const doomedCode = doomed?.code
  return (
    <>
      <PageHeader
        title={t`Coupons`}
        subtitle={t`Discount codes customers enter at checkout.`}
        action={
          <Button onClick={() => dialog.open()}>
            <Trans>Create Coupon</Trans>
          </Button>
        }
      />
      <PagedListState
        query={coupons}
        page={page}
        pageSize={PAGE_SIZE}
        loadingLabel={t`Loading the coupons...`}
        failure={<Trans>Could not load the coupons.</Trans>}
        empty={<Trans>No coupons yet.</Trans>}
      >
        {(results) => <CouponTable coupons={results} onEdit={dialog.open} onDelete={setDoomed} />}
      </PagedListState>

      <FormDialog show={dialog.show} onHide={dialog.close}>
        <CouponForm coupon={dialog.record} onDone={dialog.close} />
      </FormDialog>
      <ConfirmDeleteModal
        show={doomed !== null}
        title={t`Delete coupon`}
        deleting={removal.isPending}
        onCancel={() => setDoomed(null)}
        onConfirm={() => doomed && remove(doomed)}
      >
        <Trans>
          Delete the coupon <strong>{doomedCode}</strong>? Customers can no longer use it; orders that used it
          keep their discount.
        </Trans>
      </ConfirmDeleteModal>
    </>
  )
}
