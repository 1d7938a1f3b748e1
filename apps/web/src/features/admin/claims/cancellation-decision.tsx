import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '@store/contract'
import { useState } from 'react'
import { Button, Card, Form } from 'react-bootstrap'
import { FormRefusal } from '../../../components/form-refusal'
import { useDecideCancellation } from '../../../data/claims'
import { ApiError, serverDetail } from '../../../lib/api'
import { formatDateTime, formatPrice } from '../../../lib/format'
import { localSentence } from '../../../lib/i18n'
import { toast } from '../../../lib/toast'

/**
 * The customer's request to cancel this confirmed order: staff approve it (cancelled, the rest of
 * what was paid refunded) or refuse it with a reason; once answered, the answer.
 */
export function CancellationDecision({ order }: { order: Order }) {
  const { t } = useLingui()
  const request = order.cancellation_request
  const [note, setNote] = useState('')
  const [error, setError] = useState<string>()
  const [refusal, setRefusal] = useState<string>()
  const [decision, setDecision] = useState<'approve' | 'refuse'>()
  const decide = useDecideCancellation(order.id)
  if (!request) return null
  const asked = formatDateTime(request.requested_at)
  const fee = formatPrice(request.fee)
  const refund = formatPrice(request.refund)
  const percent = request.fee_percent

  const send = (choice: 'approve' | 'refuse') => {
    setRefusal(undefined)
    if (choice === 'refuse' && note.trim() === '') {
      setError(localSentence('Say why the cancellation is refused.'))
      document.getElementById('cancellation-note')?.focus()
      return
    }
    setError(undefined)
    setDecision(choice)
    decide.mutate(
      { decision: choice, note: note.trim() },
      {
        onSuccess: () =>
          toast.success(choice === 'approve' ? t`The order is cancelled.` : t`The cancellation is refused.`),
        onError: (failure) => {
          if (failure instanceof ApiError && failure.errors?.note?.[0]) setError(failure.errors.note[0])
          setRefusal(serverDetail(failure) ?? t`Could not answer the request. Try again.`)
        },
      },
    )
  }

  return (
    <Card as="section" className="shadow-sm border-warning" aria-labelledby="cancellation-heading">
      <Card.Body className="d-grid gap-2">
        <Card.Title as="h2" id="cancellation-heading" className="h5 mb-0">
          <Trans>Request to cancel</Trans>
        </Card.Title>
        <p className="mb-0">
          <Trans>
            Asked on {asked}. Fee {percent}%: {fee}; refund {refund}.
          </Trans>
        </p>
        {request.note && <p className="mb-0 order-timeline-note">“{request.note}”</p>}
        {request.status === 'pending' ? (
          <>
            <FormRefusal message={refusal} className="mb-0" />
            <Form.Group controlId="cancellation-note">
              <Form.Label>
                <Trans>Note (the reason, when refusing)</Trans>
              </Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                maxLength={500}
                value={note}
                isInvalid={Boolean(error)}
                aria-describedby={error ? 'cancellation-note-error' : undefined}
                onChange={(event) => setNote(event.target.value)}
              />
              <Form.Control.Feedback type="invalid" id="cancellation-note-error">
                {error}
              </Form.Control.Feedback>
            </Form.Group>
            <div className="d-flex flex-wrap gap-2">
              {/* Shipped or cancelled since the customer asked: the request can only be refused. */}
              {order.status === 'Processing' && (
                <Button variant="danger" disabled={decide.isPending} onClick={() => send('approve')}>
                  {decide.isPending && decision === 'approve' ? t`Approving…` : t`Approve the cancellation`}
                </Button>
              )}
              <Button variant="outline-secondary" disabled={decide.isPending} onClick={() => send('refuse')}>
                {decide.isPending && decision === 'refuse' ? t`Refusing…` : t`Refuse`}
              </Button>
            </div>
          </>
        ) : (
          <p className="mb-0 fw-semibold">
            {request.status === 'approved' ? t`Approved.` : t`Refused.`}
            {request.decision_note && (
              <span className="d-block fw-normal order-timeline-note">{request.decision_note}</span>
            )}
          </p>
        )}
      </Card.Body>
    </Card>
  )
}
