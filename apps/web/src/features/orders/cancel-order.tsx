import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { CancelOrderBody, type Order } from '@store/contract'
import { useState } from 'react'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Modal from 'react-bootstrap/Modal'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { SubmitButton } from '../../components/submit-button'
import { TextField } from '../../components/text-field'
import { useCancelOrder } from '../../data/orders'
import { serverDetail } from '../../lib/api'
import { localResolver } from '../../lib/sentences'
import { toast } from '../../lib/toast'

/** While an order is Pending its customer may cancel it, after confirming, with an optional reason. */
export function CancelOrder({ order }: { order: Order }) {
  const { t } = useLingui()
  const { id } = order
  const [open, setOpen] = useState(false)
  // The reason stays typed when the dialog is closed and opened again.
  const form = useForm<CancelOrderBody, unknown, z.output<typeof CancelOrderBody>>({
    resolver: localResolver(zodResolver(CancelOrderBody)),
    defaultValues: { note: '' },
  })
  const cancel = useCancelOrder(order.id)
  const close = () => setOpen(false)
  return (
    <>
      <Button variant="outline-danger" size="sm" className="ms-auto" onClick={() => setOpen(true)}>
        <Trans>Cancel order</Trans>
      </Button>
      <Modal show={open} onHide={close} centered aria-labelledby={`cancel-order-${order.id}`}>
        <Form
          noValidate
          onSubmit={form.handleSubmit(({ note }) =>
            cancel.mutate(note, {
              onSuccess: () => {
                toast.success(t`Order #${id} is cancelled.`)
                close()
              },
              onError: (error) =>
                toast.error(serverDetail(error) ?? t`Could not cancel the order. Try again.`),
            }),
          )}
        >
          <Modal.Header closeButton closeLabel={t`Close`}>
            <Modal.Title as="h2" className="h5" id={`cancel-order-${order.id}`}>
              <Trans>Cancel order #{id}?</Trans>
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>
              <Trans>The items go back on sale and any coupon you used can be used again.</Trans>
            </p>
            <TextField
              form={form}
              name="note"
              id="cancel-reason"
              label={t`Reason (optional)`}
              as="textarea"
              rows={2}
              maxLength={500}
            />
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={close}>
              <Trans>Keep order</Trans>
            </Button>
            <SubmitButton busy={cancel.isPending} variant="danger">
              <Trans>Cancel order</Trans>
            </SubmitButton>
          </Modal.Footer>
        </Form>
      </Modal>
    </>
  )
}
