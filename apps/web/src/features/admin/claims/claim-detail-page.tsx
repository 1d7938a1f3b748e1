import { Trans, useLingui } from '@lingui/react/macro'
import type { Claim, UpdateClaimBody } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Alert, Button, Card, Col, Form, Row } from 'react-bootstrap'
import { Link, useParams } from 'react-router'
import { FormRefusal } from '../../../components/form-refusal'
import { Loading } from '../../../components/loading'
import { SubmitButton } from '../../../components/submit-button'
import { claimQuery, useUpdateClaim } from '../../../data/claims'
import { ApiError, serverDetail } from '../../../lib/api'
import { formatDateTime } from '../../../lib/format'
import { localSentence } from '../../../lib/i18n'
import { toast } from '../../../lib/toast'
import {
  ClaimOutcome,
  ClaimStatusBadge,
  ClaimSummary,
  ClaimTimeline,
  EvidenceGallery,
} from '../../claims/claim-parts'
import { BackToList } from '../common/back-to-list'
import { PageHeader } from '../common/page-header'
import { ResolveForm } from './resolve-form'

/** A step with a note: approve or reject, mark received. A rejection needs its reason. */
function StepForm({ claim }: { claim: Claim }) {
  const { t } = useLingui()
  const [note, setNote] = useState('')
  const [pickup, setPickup] = useState(claim.pickup_date ?? '')
  const [errors, setErrors] = useState<{ note?: string; pickup_date?: string }>({})
  const [refusal, setRefusal] = useState<string>()
  const update = useUpdateClaim(claim.id)
  const [sent, setSent] = useState<UpdateClaimBody['status']>()

  const send = (body: UpdateClaimBody, done: string) => {
    setRefusal(undefined)
    setSent(body.status)
    update.mutate(body, {
      onSuccess: () => {
        toast.success(done)
        setNote('')
        setErrors({})
      },
      onError: (error) => {
        const fields: typeof errors = {}
        if (error instanceof ApiError && error.errors) {
          if (error.errors.note?.[0]) fields.note = error.errors.note[0]
          if (error.errors.pickup_date?.[0]) fields.pickup_date = error.errors.pickup_date[0]
        }
        setErrors(fields)
        setRefusal(serverDetail(error) ?? t`Could not update the claim. Try again.`)
      },
    })
  }
  const reject = () => {
    if (note.trim() === '') {
      setErrors({ note: localSentence('Say why the claim is rejected.') })
      document.getElementById('claim-note')?.focus()
      return
    }
    send({ status: 'rejected', note: note.trim() }, t`The claim is rejected.`)
  }
  const schedule = (event: FormEvent) => {
    event.preventDefault()
    if (!pickup) {
      setErrors({ pickup_date: localSentence('Choose the pickup date.') })
      return
    }
    send({ status: 'pickup_scheduled', pickup_date: pickup, note: note.trim() }, t`The pickup is scheduled.`)
  }
  const busy = (status: UpdateClaimBody['status']) => update.isPending && sent === status

  return (
    <Form noValidate onSubmit={schedule} className="d-grid gap-3">
      <FormRefusal message={refusal} className="mb-0" />
      {(claim.status === 'approved' || claim.status === 'pickup_scheduled') && (
        <Form.Group controlId="claim-pickup">
          <Form.Label>
            <Trans>Pickup date</Trans>
          </Form.Label>
          <Form.Control
            type="date"
            value={pickup}
            isInvalid={Boolean(errors.pickup_date)}
            aria-describedby={errors.pickup_date ? 'claim-pickup-error' : undefined}
            onChange={(event) => setPickup(event.target.value)}
          />
          <Form.Control.Feedback type="invalid" id="claim-pickup-error">
            {errors.pickup_date}
          </Form.Control.Feedback>
        </Form.Group>
      )}
      <Form.Group controlId="claim-note">
        <Form.Label>
          {claim.status === 'requested' ? (
            <Trans>Note (the reason, when rejecting)</Trans>
          ) : (
            <Trans>Note (optional)</Trans>
          )}
        </Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          maxLength={500}
          value={note}
          isInvalid={Boolean(errors.note)}
          aria-describedby={errors.note ? 'claim-note-error' : undefined}
          onChange={(event) => setNote(event.target.value)}
        />
        <Form.Control.Feedback type="invalid" id="claim-note-error">
          {errors.note}
        </Form.Control.Feedback>
      </Form.Group>
      <div className="d-flex flex-wrap gap-2">
        {claim.status === 'requested' && (
          <>
            <Button
              variant="success"
              disabled={update.isPending}
              onClick={() => send({ status: 'approved', note: note.trim() }, t`The claim is approved.`)}
            >
              {busy('approved') ? t`Approving…` : t`Approve`}
            </Button>
            <Button variant="outline-danger" disabled={update.isPending} onClick={reject}>
              {busy('rejected') ? t`Rejecting…` : t`Reject`}
            </Button>
          </>
        )}
        {(claim.status === 'approved' || claim.status === 'pickup_scheduled') && (
          <SubmitButton busy={busy('pickup_scheduled')} disabled={update.isPending}>
            {claim.status === 'approved' ? (
              <Trans>Schedule the pickup</Trans>
            ) : (
              <Trans>Change the pickup date</Trans>
            )}
          </SubmitButton>
        )}
        {claim.status === 'pickup_scheduled' && (
          <Button
            variant="outline-primary"
            disabled={update.isPending}
            onClick={() =>
              send({ status: 'received', note: note.trim() }, t`The pieces are marked received.`)
            }
          >
            {busy('received') ? t`Saving…` : t`Mark received`}
          </Button>
        )}
      </div>
    </Form>
  )
}

function ClaimView({ claim }: { claim: Claim }) {
  const { t } = useLingui()
  const id = claim.id
  const orderId = claim.order_id
  const reported = formatDateTime(claim.created_at)
  const name = `${claim.customer.first_name} ${claim.customer.last_name}`
  const open = claim.status !== 'resolved' && claim.status !== 'rejected'
  return (
    <>
      <PageHeader
        title={t`Claim #${id}`}
        subtitle={t`Reported ${reported} by ${name}`}
        action={<ClaimStatusBadge status={claim.status} />}
      />
      <Row className="g-3">
        <Col lg={8} className="d-grid gap-3 align-content-start">
          <p className="mb-0">
            <Link to={`/adminuser/orders/${orderId}`}>
              <Trans>Order #{orderId}</Trans>
            </Link>
            {claim.conversation_id !== null && (
              <>
                {' · '}
                <Link to={`/adminuser/messages/${claim.conversation_id}`}>
                  <Trans>Conversation with the customer</Trans>
                </Link>
              </>
            )}
          </p>
          <ClaimSummary claim={claim} />
          <EvidenceGallery evidence={claim.evidence} />
        </Col>
        <Col lg={4} className="d-grid gap-3 align-content-start">
          {open && (
            <Card as="section" className="shadow-sm border-0" aria-labelledby="claim-actions-heading">
              <Card.Body className="d-grid gap-3">
                <Card.Title as="h2" id="claim-actions-heading" className="h5 mb-0">
                  <Trans>Next step</Trans>
                </Card.Title>
                {claim.status === 'received' ? (
                  <ResolveForm claim={claim} />
                ) : (
                  <StepForm key={claim.status} claim={claim} />
                )}
              </Card.Body>
            </Card>
          )}
          <ClaimOutcome claim={claim} orderLink={(order) => `/adminuser/orders/${order}`} />
          <ClaimTimeline claim={claim} />
        </Col>
      </Row>
    </>
  )
}

export function ClaimDetailPage() {
  const claimId = Number(useParams().claimId)
  const claim = useQuery(claimQuery(claimId))
  return (
    <>
      <BackToList to="/adminuser/claims">
        <Trans>← Back to Claims</Trans>
      </BackToList>
      {claim.isPending ? (
        <Loading />
      ) : claim.isError ? (
        <Alert variant="danger">
          <Trans>Could not load the claim.</Trans>
        </Alert>
      ) : (
        <ClaimView claim={claim.data} />
      )}
    </>
  )
}
