import { Trans, useLingui } from '@lingui/react/macro'
import {
  type Claim,
  LEDGER_METHODS,
  type LedgerMethod,
  RESOLUTION_KINDS,
  type ResolutionChoice,
  type ResolutionKind,
} from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Alert, Form } from 'react-bootstrap'
import { FormRefusal } from '../../../components/form-refusal'
import { LEDGER_METHOD_LABELS } from '../../../components/status-badge'
import { SubmitButton } from '../../../components/submit-button'
import { useUpdateClaim } from '../../../data/claims'
import { locationsQuery } from '../../../data/stock'
import { ApiError, serverDetail } from '../../../lib/api'
import { localSentence } from '../../../lib/i18n'
import { toast } from '../../../lib/toast'
import { RESOLUTION_KIND_LABELS } from '../../claims/claim-labels'

interface LineChoice {
  to: 'stock' | 'write_off'
  location: string
}

/**
 * How a received claim ends: a replacement order, a repair, a refund written in the order's ledger,
 * or nothing; and for each claimed line, back to stock at a location or written off.
 */
export function ResolveForm({ claim }: { claim: Claim }) {
  const { t, i18n } = useLingui()
  const locations = useQuery(locationsQuery())
  const active = (locations.data ?? []).filter((location) => location.is_active)
  const [kind, setKind] = useState<ResolutionKind>(claim.wanted)
  const [amount, setAmount] = useState('')
  const [method, setMethod] = useState<LedgerMethod>('bank_transfer')
  const [note, setNote] = useState('')
  const [lines, setLines] = useState<Record<number, LineChoice>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [refusal, setRefusal] = useState<string>()
  const update = useUpdateClaim(claim.id)
  // A repaired piece, or one nothing is done about, stays with the customer: nothing comes back.
  const takenBack = kind === 'replace' || kind === 'refund'
  const choiceOf = (item: number): LineChoice =>
    lines[item] ??
    (locations.isError
      ? { to: 'write_off', location: '' }
      : { to: 'stock', location: active[0] ? String(active[0].id) : '' })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setRefusal(undefined)
    const found: Record<string, string> = {}
    if (kind === 'refund' && !/^\d{1,10}(\.\d{1,2})?$/.test(amount.trim()))
      found.refund_amount = localSentence('Enter an amount such as 12500 or 12500.50.')
    const restock: NonNullable<ResolutionChoice['restock']> = (takenBack ? claim.lines : []).map((line) => {
      const choice = choiceOf(line.order_item_id)
      if (choice.to === 'stock' && !choice.location)
        found[`line-${line.order_item_id}`] = t`Choose the location.`
      return {
        order_item_id: line.order_item_id,
        quantity: line.quantity,
        to: choice.to,
        ...(choice.to === 'stock' && choice.location && { location_id: Number(choice.location) }),
      }
    })
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const resolution: ResolutionChoice = {
      kind,
      ...(kind === 'refund' && { refund_amount: amount.trim(), refund_method: method }),
      restock,
    }
    update.mutate(
      { status: 'resolved', note: note.trim(), resolution },
      {
        onSuccess: () => toast.success(t`The claim is resolved.`),
        onError: (error) => {
          const fields: Record<string, string> = {}
          if (error instanceof ApiError && error.errors) {
            for (const [field, [message]] of Object.entries(error.errors)) {
              if (message && field.includes('refund_amount')) fields.refund_amount = message
              else if (message && field.includes('refund_method')) fields.refund_method = message
            }
          }
          setErrors(fields)
          setRefusal(serverDetail(error) ?? t`Could not resolve the claim. Try again.`)
        },
      },
    )
  }

  return (
    <Form noValidate onSubmit={submit} className="d-grid gap-3" aria-labelledby="resolve-heading">
      <h3 id="resolve-heading" className="h6 mb-0">
        <Trans>Resolve the claim</Trans>
      </h3>
      <FormRefusal message={refusal} className="mb-0" />
      <Form.Group controlId="resolve-kind">
        <Form.Label>
          <Trans>Outcome</Trans>
        </Form.Label>
        <Form.Select value={kind} onChange={(event) => setKind(event.target.value as ResolutionKind)}>
          {RESOLUTION_KINDS.map((each) => (
            <option key={each} value={each}>
              {i18n._(RESOLUTION_KIND_LABELS[each])}
            </option>
          ))}
        </Form.Select>
        {kind === 'replace' && (
          <Form.Text>
            <Trans>A zero-priced order of the claimed items is made and linked to the claim.</Trans>
          </Form.Text>
        )}
      </Form.Group>
      {kind === 'refund' && (
        <div className="row g-3">
          <Form.Group controlId="resolve-amount" className="col-12">
            <Form.Label>
              <Trans>Refund amount (PKR)</Trans>
            </Form.Label>
            <Form.Control
              inputMode="decimal"
              value={amount}
              isInvalid={Boolean(errors.refund_amount)}
              aria-describedby={errors.refund_amount ? 'resolve-amount-error' : undefined}
              onChange={(event) => setAmount(event.target.value)}
            />
            <Form.Control.Feedback type="invalid" id="resolve-amount-error">
              {errors.refund_amount}
            </Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="resolve-method" className="col-12">
            <Form.Label>
              <Trans>Refund method</Trans>
            </Form.Label>
            <Form.Select
              value={method}
              isInvalid={Boolean(errors.refund_method)}
              onChange={(event) => setMethod(event.target.value as LedgerMethod)}
            >
              {LEDGER_METHODS.map((each) => (
                <option key={each} value={each}>
                  {LEDGER_METHOD_LABELS[each]}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errors.refund_method}</Form.Control.Feedback>
          </Form.Group>
        </div>
      )}
      {takenBack && (
        <fieldset>
          <legend className="h6">
            <Trans>The returned pieces</Trans>
          </legend>
          {locations.isError && (
            <Alert variant="warning" className="py-2">
              <Trans>Could not load the locations: pieces can only be written off.</Trans>
            </Alert>
          )}
          <ul className="list-unstyled d-grid gap-3 mb-0">
            {claim.lines.map((line) => {
              const item = line.order_item_id
              const choice = choiceOf(item)
              const name = line.product_name
              const error = errors[`line-${item}`]
              const set = (change: Partial<LineChoice>) =>
                setLines((now) => ({ ...now, [item]: { ...choice, ...change } }))
              return (
                <li key={item} className="d-grid gap-2">
                  <span className="fw-medium">
                    {line.quantity} × {name}
                  </span>
                  <div className="d-flex flex-wrap gap-2">
                    <Form.Select
                      className="w-auto"
                      aria-label={t`Where ${name} goes`}
                      value={locations.isError ? 'write_off' : choice.to}
                      onChange={(event) => set({ to: event.target.value as LineChoice['to'] })}
                    >
                      {!locations.isError && <option value="stock">{t`Back to stock`}</option>}
                      <option value="write_off">{t`Written off`}</option>
                    </Form.Select>
                    {choice.to === 'stock' && !locations.isError && (
                      <Form.Select
                        className="w-auto"
                        aria-label={t`Location for ${name}`}
                        value={choice.location}
                        isInvalid={Boolean(error)}
                        onChange={(event) => set({ location: event.target.value })}
                      >
                        {active.length === 0 && <option value="">{t`No active location`}</option>}
                        {active.map((location) => (
                          <option key={location.id} value={location.id}>
                            {location.name} ({location.city})
                          </option>
                        ))}
                      </Form.Select>
                    )}
                  </div>
                  {error && <div className="invalid-feedback d-block">{error}</div>}
                </li>
              )
            })}
          </ul>
        </fieldset>
      )}
      <Form.Group controlId="resolve-note">
        <Form.Label>
          <Trans>Note (optional)</Trans>
        </Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </Form.Group>
      <div>
        <SubmitButton busy={update.isPending} variant="success">
          <Trans>Resolve</Trans>
        </SubmitButton>
      </div>
    </Form>
  )
}
