import { Trans, useLingui } from '@lingui/react/macro'
import type { Order, SentDraft } from '@store/contract'
import { useId, useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Form from 'react-bootstrap/Form'
import InputGroup from 'react-bootstrap/InputGroup'
import Spinner from 'react-bootstrap/Spinner'
import { Link, useNavigate } from 'react-router'
import { ConfirmModal } from '../../../components/confirm-modal'
import { FormRefusal } from '../../../components/form-refusal'
import { useConfirmDraft, useDeleteDraft, useSendDraft } from '../../../data/order-desk'
import { serverDetail } from '../../../lib/api'
import { formatDateTime } from '../../../lib/format'
import { toast } from '../../../lib/toast'
import { CHANNEL_LABELS } from '../reports/report-values'

/** The link the customer was sent, to copy into a WhatsApp chat, and whether a mail went too. */
function SentLink({ sent }: { sent: SentDraft }) {
  const { t } = useLingui()
  const fieldId = useId()
  const until = formatDateTime(sent.expires_at)
  async function copy() {
    try {
      await navigator.clipboard.writeText(sent.link)
      toast.success(t`Link copied.`)
    } catch {
      toast.error(t`Could not copy: select the link and copy it.`)
    }
  }
  return (
    <div className="d-grid gap-2" data-testid="draft-sent-link">
      <Alert variant="success" className="mb-0">
        {sent.mailed ? (
          <Trans>Sent: the customer was mailed the link. It works until {until}.</Trans>
        ) : (
          <Trans>
            The customer has no email, so no mail went out: send them this link (on WhatsApp, for one). It
            works until {until}.
          </Trans>
        )}
      </Alert>
      <Form.Label htmlFor={fieldId} className="mb-0">
        <Trans>Link for the customer</Trans>
      </Form.Label>
      <InputGroup>
        <Form.Control id={fieldId} readOnly value={sent.link} onFocus={(event) => event.target.select()} />
        <Button variant="outline-secondary" onClick={() => void copy()}>
          <Trans>Copy</Trans>
        </Button>
      </InputGroup>
    </div>
  )
}

/**
 * What staff do with a Draft: change it, confirm it (it takes stock and becomes Pending), send the
 * customer a link to accept and pay it, or delete it. Shown on the order's page instead of the status forms.
 */
export function DraftPanel({ order }: { order: Order }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const id = order.id
  const confirm = useConfirmDraft(id)
  const send = useSendDraft(id)
  const remove = useDeleteDraft(id)
  const [refusal, setRefusal] = useState<string>()
  const [deleting, setDeleting] = useState(false)
  const busy = confirm.isPending || send.isPending

  function confirmDraft() {
    setRefusal(undefined)
    confirm.mutate(undefined, {
      onSuccess: () => toast.success(t`Order #${id} confirmed.`),
      // A 409 names the piece that ran out since the draft was made.
      onError: (error) => setRefusal(serverDetail(error) ?? t`Could not confirm the order.`),
    })
  }

  function sendDraft() {
    setRefusal(undefined)
    send.mutate(undefined, {
      onError: (error) => setRefusal(serverDetail(error) ?? t`Could not send the order.`),
    })
  }

  const channel = CHANNEL_LABELS[order.channel]
  const by = order.created_by?.first_name
  return (
    <Card
      as="section"
      className="shadow-sm border-0"
      aria-labelledby="draft-heading"
      data-testid="draft-panel"
    >
      <Card.Body className="d-grid gap-3">
        <div>
          <Card.Title as="h2" id="draft-heading" className="h5 mb-1">
            <Trans>Draft</Trans>
          </Card.Title>
          <p className="small text-body-secondary mb-0">
            {by ? (
              <Trans>
                Taken by {by} · {channel}
              </Trans>
            ) : (
              channel
            )}
          </p>
          <p className="small text-body-secondary mb-0">
            <Trans>A draft holds no stock and the customer does not see it until it is sent.</Trans>
          </p>
        </div>
        {order.note && (
          <p className="mb-0" dir="auto">
            <span className="fw-semibold">
              <Trans>Note:</Trans>
            </span>{' '}
            {order.note}
          </p>
        )}
        <FormRefusal message={refusal} className="mb-0" />
        {send.data && <SentLink sent={send.data} />}
        <div className="d-flex flex-wrap gap-2">
          <Button variant="primary" onClick={confirmDraft} disabled={busy}>
            {confirm.isPending && (
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            )}
            <Trans>Confirm</Trans>
          </Button>
          <Button variant="outline-primary" onClick={sendDraft} disabled={busy}>
            {send.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            <Trans>Send to customer</Trans>
          </Button>
          <Link to={`/adminuser/orders/${id}/edit`} className="btn btn-outline-secondary">
            <Trans>Edit draft</Trans>
          </Link>
          <Button variant="outline-danger" onClick={() => setDeleting(true)} disabled={busy}>
            <Trans>Delete draft</Trans>
          </Button>
        </div>
      </Card.Body>
      <ConfirmModal
        show={deleting}
        title={t`Delete draft order #${id}?`}
        confirmLabel={t`Delete draft`}
        busy={remove.isPending}
        error={remove.isError ? (serverDetail(remove.error) ?? t`Could not delete the draft.`) : undefined}
        onCancel={() => {
          setDeleting(false)
          remove.reset()
        }}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              toast.success(t`Draft order #${id} deleted.`)
              navigate('/adminuser/orders?status=Draft')
            },
          })
        }
      >
        <Trans>The draft is deleted for good.</Trans>
      </ConfirmModal>
    </Card>
  )
}
