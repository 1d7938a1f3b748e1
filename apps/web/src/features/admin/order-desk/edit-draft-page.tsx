import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '@store/contract'
import { useQueries, useQuery } from '@tanstack/react-query'
import Alert from 'react-bootstrap/Alert'
import { Link, useNavigate, useParams } from 'react-router'
import { Loading } from '../../../components/loading'
import { productQuery } from '../../../data/catalog'
import { deskCustomersQuery, useUpdateDraft } from '../../../data/order-desk'
import { orderQuery } from '../../../data/orders'
import { toast } from '../../../lib/toast'
import { BackToList } from '../common/back-to-list'
import { PageHeader } from '../common/page-header'
import { type LineProduct, valuesOfDraft } from './desk-values'
import { StaffOrderForm } from './staff-order-form'

/**
 * The draft's own form again, filled in: its products read again for their options, its customer
 * found by the order's email (else its phone). Staff choose the customer again if none matches.
 */
function DraftForm({ order }: { order: Order }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const update = useUpdateDraft(order.id)
  const productIds = [
    ...new Set(order.items.flatMap((item) => (item.product.id === null ? [] : [item.product.id]))),
  ]
  const products = useQueries({ queries: productIds.map((id) => productQuery(id)) })
  const search = order.email || order.phone
  const customers = useQuery(deskCustomersQuery(search))
  if (products.some((product) => product.isPending) || customers.isLoading) return <Loading />

  const byId = new Map<number, LineProduct>()
  for (const product of products) if (product.data) byId.set(product.data.id, product.data)
  const customer = customers.data?.results.find(
    (candidate) =>
      (order.email !== '' && candidate.email.toLowerCase() === order.email.toLowerCase()) ||
      (order.email === '' && candidate.phone === order.phone),
  )
  const id = order.id
  return (
    <StaffOrderForm
      initial={valuesOfDraft(order, byId, customer)}
      save={update}
      submitLabel={t`Save draft`}
      onSaved={() => {
        toast.success(t`Draft order #${id} saved.`)
        navigate(`/adminuser/orders/${id}`)
      }}
    />
  )
}

/** /adminuser/orders/:orderId/edit: a Draft changed with the form it was made with (PUT). */
export function EditDraftPage() {
  const { t } = useLingui()
  const orderId = Number(useParams().orderId)
  const order = useQuery(orderQuery(orderId))
  return (
    <>
      <BackToList to={`/adminuser/orders/${orderId}`}>
        <Trans>← Back to the order</Trans>
      </BackToList>
      <PageHeader title={t`Edit draft order #${orderId}`} />
      {order.isPending ? (
        <Loading />
      ) : order.isError ? (
        <Alert variant="danger">
          <Trans>Could not load order data.</Trans>
        </Alert>
      ) : order.data.status !== 'Draft' ? (
        <Alert variant="info">
          <Trans>
            This order is no longer a draft. <Link to={`/adminuser/orders/${orderId}`}>Open the order</Link>
          </Trans>
        </Alert>
      ) : (
        <DraftForm order={order.data} />
      )}
    </>
  )
}
