import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '@store/contract'
import { type FormEvent, useState } from 'react'
import { Form } from 'react-bootstrap'
import { FormRefusal } from '../../../components/form-refusal'
import { SubmitButton } from '../../../components/submit-button'
import { useUpdateOrder } from '../../../data/orders'
import { serverDetail } from '../../../lib/api'
import { formatCalendarDate } from '../../../lib/format'
import { toast } from '../../../lib/toast'

/** Staff move the day the van brings the order; the server tells the customer. */
export function DeliveryDayForm({ order }: { order: Order }) {
  const { t } = useLingui()
  const [day, setDay] = useState(order.delivery_date ?? '')
  const [refusal, setRefusal] = useState<string>()
  const update = useUpdateOrder(order.id)
  const id = order.id
  const unchanged = day === '' || day === order.delivery_date

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setRefusal(undefined)
    update.mutate(
      { delivery_date: day },
      {
        onSuccess: (saved) => {
          const shown = saved.delivery_date ? formatCalendarDate(saved.delivery_date) : day
          toast.success(t`Order #${id} now comes on ${shown}; the customer is told.`)
        },
        onError: (error) => setRefusal(serverDetail(error) ?? t`Could not move the delivery day.`),
      },
    )
  }

  return (
    <Form noValidate onSubmit={submit} className="d-grid gap-3" aria-label={t`Delivery day of order #${id}`}>
      <FormRefusal message={refusal} className="mb-0" />
      <Form.Group controlId="order-delivery-date">
        <Form.Label>
          <Trans>Move to</Trans>
        </Form.Label>
        <Form.Control type="date" value={day} onChange={(event) => setDay(event.target.value)} />
        <Form.Text>
          <Trans>Moving it tells the customer.</Trans>
        </Form.Text>
      </Form.Group>
      <div>
        <SubmitButton busy={update.isPending} disabled={unchanged} variant="outline-primary">
          <Trans>Move delivery</Trans>
        </SubmitButton>
      </div>
    </Form>
  )
}
