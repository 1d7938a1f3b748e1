import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import Alert from 'react-bootstrap/Alert'
import { useLocation, useNavigate } from 'react-router'
import { Loading } from '../../../components/loading'
import { productQuery } from '../../../data/catalog'
import { useCreateStaffOrder } from '../../../data/order-desk'
import { toast } from '../../../lib/toast'
import { BackToList } from '../common/back-to-list'
import { PageHeader } from '../common/page-header'
import { type DeskValues, EMPTY_DESK, type InquiryStart, newLine } from './desk-values'
import { StaffOrderForm } from './staff-order-form'

/** The conversation's "Make an order" hands its customer and inquiry over in the location's state. */
function inquiryOf(state: unknown): InquiryStart | undefined {
  const start = (state as { fromInquiry?: InquiryStart } | null)?.fromInquiry
  return start?.customer && start.inquiry ? start : undefined
}

function NewOrderForm({ initial }: { initial: DeskValues }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const create = useCreateStaffOrder()
  return (
    <StaffOrderForm
      initial={initial}
      save={create}
      submitLabel={t`Save draft`}
      onSaved={(order) => {
        const id = order.id
        toast.success(t`Draft order #${id} saved.`)
        navigate(`/adminuser/orders/${order.id}`)
      }}
    />
  )
}

/** An inquiry's order: the customer who asked, and the product with the choices made, the rest open. */
function FromInquiry({ start }: { start: InquiryStart }) {
  const { inquiry, customer } = start
  const product = useQuery(productQuery(inquiry.product_id))
  if (product.isPending) return <Loading />
  const initial: DeskValues = {
    ...EMPTY_DESK,
    customer: { kind: 'found', customer: { ...customer, last_name: '', phone: '', email: '' } },
    items: product.isError ? [] : [newLine(product.data, inquiry.quantity, inquiry.options)],
  }
  return (
    <>
      {product.isError && (
        <Alert variant="warning">
          <Trans>The product of the inquiry could not be loaded: add it by search.</Trans>
        </Alert>
      )}
      <NewOrderForm initial={initial} />
    </>
  )
}

/** Back office → Orders → New order: a phone, WhatsApp or showroom order, saved as a Draft. */
export function NewOrderPage() {
  const { t } = useLingui()
  const start = inquiryOf(useLocation().state)
  return (
    <>
      <BackToList to="/adminuser/orders">
        <Trans>← Back to Orders</Trans>
      </BackToList>
      <PageHeader
        title={t`New order`}
        subtitle={t`Take an order by phone, WhatsApp or in the showroom. It is kept as a draft until you confirm it or send it to the customer.`}
      />
      {start ? <FromInquiry start={start} /> : <NewOrderForm initial={EMPTY_DESK} />}
    </>
  )
}
