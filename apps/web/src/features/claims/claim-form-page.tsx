import { Trans, useLingui } from '@lingui/react/macro'
import {
  CLAIM_MAX_IMAGES,
  CLAIM_VIDEO_MAX_BYTES,
  CLAIM_WANTS,
  type Claim,
  type ClaimReason,
  type ClaimSettings,
  type ClaimWanted,
  type Order,
} from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Form from 'react-bootstrap/Form'
import { Link, useNavigate, useParams } from 'react-router'
import { FormRefusal } from '../../components/form-refusal'
import { Loading } from '../../components/loading'
import { SubmitButton } from '../../components/submit-button'
import { claimListQuery, claimSettingsQuery, useCreateClaim } from '../../data/claims'
import { orderQuery } from '../../data/orders'
import { ApiError, serverDetail } from '../../lib/api'
import { formatDateTime } from '../../lib/format'
import { localSentence } from '../../lib/i18n'
import { useTitle } from '../../lib/use-title'
import { CLAIM_REASON_LABELS, CLAIM_WANTED_LABELS } from './claim-labels'
import { claimDeadline, deliveredAt, openReasons } from './claim-window'

const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime']
const VIDEO_EXTENSIONS = /\.(mp4|m4v|webm|mov)$/i
const MAX_DESCRIPTION = 2000

type Field = 'lines' | 'reason' | 'description' | 'wanted' | 'evidence'
type FieldErrors = Partial<Record<Field, string>>

/** A chosen photo with the address its preview draws from, released when it is removed. */
interface Photo {
  file: File
  preview: string
}

/** How many of each item are still open to a claim: its quantity less what other claims hold. */
function claimable(order: Order, claims: Claim[]): Map<number, number> {
  const left = new Map(order.items.map((item) => [item.id, item.quantity]))
  for (const claim of claims) {
    if (claim.status === 'rejected') continue
    for (const line of claim.lines)
      left.set(line.order_item_id, (left.get(line.order_item_id) ?? 0) - line.quantity)
  }
  return left
}

const isVideo = (file: File) =>
  VIDEO_TYPES.includes(file.type) || (!file.type && VIDEO_EXTENSIONS.test(file.name))

function ClaimFormView({
  order,
  settings,
  claims,
}: {
  order: Order
  settings: ClaimSettings
  claims: Claim[]
}) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const ids = useId()
  const reasons = openReasons(order, settings)
  const left = useMemo(() => claimable(order, claims), [order, claims])
  const [chosen, setChosen] = useState<Record<number, number>>({})
  const [reason, setReason] = useState<ClaimReason | ''>('')
  const [wanted, setWanted] = useState<ClaimWanted | ''>('')
  const [description, setDescription] = useState('')
  const [photos, setPhotos] = useState<Photo[]>([])
  const [video, setVideo] = useState<{ file: File; preview: string } | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [refusal, setRefusal] = useState<string>()
  const [progress, setProgress] = useState<number | null>(null)
  const [status, setStatus] = useState('')
  const create = useCreateClaim()

  // The previews' object addresses are let go with the page.
  const [previews] = useState(() => new Set<string>())
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url)
    },
    [previews],
  )
  const previewOf = (file: File) => {
    const url = URL.createObjectURL(file)
    previews.add(url)
    return url
  }

  const addPhotos = (files: FileList | null) => {
    const list = Array.from(files ?? [])
    const notPhotos = list.filter((file) => !file.type.startsWith('image/'))
    const room = CLAIM_MAX_IMAGES - photos.length
    const kept = list.filter((file) => file.type.startsWith('image/')).slice(0, Math.max(room, 0))
    let message: string | undefined
    if (notPhotos.length > 0) {
      const name = notPhotos[0]?.name ?? ''
      message = t`${name} is not a photo. Choose JPEG, PNG or WebP pictures.`
    } else if (list.length > kept.length) {
      message = t`Add at most ${CLAIM_MAX_IMAGES} photos.`
    }
    setErrors((now) => ({ ...now, evidence: message }))
    setPhotos((now) => [...now, ...kept.map((file) => ({ file, preview: previewOf(file) }))])
  }

  const chooseVideo = (files: FileList | null) => {
    const file = files?.[0]
    if (!file) return
    if (!isVideo(file)) {
      setErrors((now) => ({ ...now, evidence: t`The video must be an MP4, WebM or MOV file.` }))
      return
    }
    if (file.size > CLAIM_VIDEO_MAX_BYTES) {
      setErrors((now) => ({ ...now, evidence: t`The video is larger than 50 MB. Record a shorter one.` }))
      return
    }
    setErrors((now) => ({ ...now, evidence: undefined }))
    setVideo({ file, preview: previewOf(file) })
  }

  const check = (): FieldErrors => {
    const found: FieldErrors = {}
    if (Object.keys(chosen).length === 0) found.lines = localSentence('Choose the items with the problem.')
    if (!reason) found.reason = localSentence('Choose damaged, wrong item, defect or changed my mind.')
    if (!wanted) found.wanted = localSentence('Choose a replacement, a repair or a refund.')
    if (description.trim() === '') found.description = localSentence('Describe the problem.')
    else if (description.trim().length > MAX_DESCRIPTION)
      found.description = localSentence('A description is at most 2000 characters.')
    if (photos.length > CLAIM_MAX_IMAGES) found.evidence = t`Add at most ${CLAIM_MAX_IMAGES} photos.`
    return found
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setRefusal(undefined)
    const found = check()
    setErrors(found)
    if (Object.keys(found).length > 0 || !reason || !wanted) {
      setStatus(t`Check the marked fields.`)
      const first = (['lines', 'reason', 'description', 'wanted', 'evidence'] as const).find((f) => found[f])
      document.getElementById(`${ids}-${first}`)?.focus()
      return
    }
    setProgress(0)
    setStatus(t`Sending your report…`)
    create.mutate(
      {
        orderId: order.id,
        lines: Object.entries(chosen).map(([item, quantity]) => ({ order_item_id: Number(item), quantity })),
        reason,
        wanted,
        description: description.trim(),
        files: [...photos.map((photo) => photo.file), ...(video ? [video.file] : [])],
        knownClaimIds: claims.map((claim) => claim.id),
        onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
        onRetry: (attempt) => setStatus(t`The connection dropped. Trying again (attempt ${attempt})…`),
      },
      {
        onSuccess: (claim) => {
          setStatus(t`Your report is sent.`)
          navigate(`/claims/${claim.id}`)
        },
        onError: (error) => {
          setProgress(null)
          const fields: FieldErrors = {}
          if (error instanceof ApiError && error.errors) {
            for (const [field, [message]] of Object.entries(error.errors)) {
              const known = (['lines', 'reason', 'description', 'wanted', 'evidence'] as const).find(
                (name) => field === name || field.startsWith(`${name}.`),
              )
              if (known && message) fields[known] = message
            }
          }
          setErrors(fields)
          const detail =
            serverDetail(error) ??
            t`The report could not be sent: the connection failed. Your answers and files are kept; send again.`
          setRefusal(Object.values(fields).includes(detail) ? undefined : detail)
          setStatus(t`The report was not sent.`)
        },
      },
    )
  }

  const delivered = deliveredAt(order)
  const damageUntil = delivered && formatDateTime(claimDeadline(delivered, 'damaged', settings).toISOString())
  const busy = create.isPending
  const fieldError = (field: Field) =>
    errors[field] && (
      <div className="invalid-feedback d-block" id={`${ids}-${field}-error`}>
        {errors[field]}
      </div>
    )
  const described = (field: Field) => (errors[field] ? `${ids}-${field}-error` : undefined)

  return (
    <Form noValidate onSubmit={submit} className="d-grid gap-4" aria-busy={busy}>
      <FormRefusal message={refusal} />
      <fieldset
        id={`${ids}-lines`}
        tabIndex={-1}
        aria-describedby={described('lines')}
        aria-invalid={Boolean(errors.lines)}
      >
        <legend className="h5">
          <Trans>Which items?</Trans>
        </legend>
        <ul className="list-unstyled d-grid gap-2 mb-0">
          {order.items.map((item) => {
            const open = left.get(item.id) ?? 0
            const picked = chosen[item.id]
            const name = item.product.name
            return (
              <li key={item.id} className="d-flex flex-wrap align-items-center gap-2">
                <Form.Check
                  id={`${ids}-item-${item.id}`}
                  type="checkbox"
                  disabled={open <= 0 || busy}
                  checked={picked !== undefined}
                  onChange={(event) =>
                    setChosen((now) => {
                      const next = { ...now }
                      if (event.target.checked) next[item.id] = open
                      else delete next[item.id]
                      return next
                    })
                  }
                  label={
                    <>
                      {name}
                      {item.options.length > 0 && (
                        <span className="text-muted small">
                          {' '}
                          ({item.options.map((option) => `${option.name}: ${option.value}`).join(', ')})
                        </span>
                      )}
                      {open <= 0 && (
                        <span className="text-muted small">
                          {' '}
                          <Trans>(already reported)</Trans>
                        </span>
                      )}
                    </>
                  }
                />
                {picked !== undefined && open > 1 && (
                  <Form.Group
                    controlId={`${ids}-quantity-${item.id}`}
                    className="d-flex align-items-center gap-2"
                  >
                    <Form.Label className="mb-0 small">
                      <Trans>Quantity</Trans>
                    </Form.Label>
                    <Form.Select
                      size="sm"
                      className="w-auto"
                      value={picked}
                      disabled={busy}
                      aria-label={t`Quantity of ${name}`}
                      onChange={(event) =>
                        setChosen((now) => ({ ...now, [item.id]: Number(event.target.value) }))
                      }
                    >
                      {Array.from({ length: open }, (_, index) => index + 1).map((count) => (
                        <option key={count} value={count}>
                          {count}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                )}
              </li>
            )
          })}
        </ul>
        {fieldError('lines')}
      </fieldset>

      <fieldset
        id={`${ids}-reason`}
        tabIndex={-1}
        aria-describedby={described('reason')}
        aria-invalid={Boolean(errors.reason)}
      >
        <legend className="h5">
          <Trans>What is wrong?</Trans>
        </legend>
        {reasons.map((each) => (
          <Form.Check
            key={each}
            type="radio"
            name="reason"
            id={`${ids}-reason-${each}`}
            label={i18n._(CLAIM_REASON_LABELS[each])}
            checked={reason === each}
            disabled={busy}
            onChange={() => setReason(each)}
          />
        ))}
        {!reasons.includes('damaged') && damageUntil && (
          <Form.Text className="d-block">
            <Trans>Damage had to be reported by {damageUntil}.</Trans>
          </Form.Text>
        )}
        {fieldError('reason')}
      </fieldset>

      <Form.Group controlId={`${ids}-description`}>
        <Form.Label className="h5">
          <Trans>Describe the problem</Trans>
        </Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          maxLength={MAX_DESCRIPTION}
          value={description}
          disabled={busy}
          isInvalid={Boolean(errors.description)}
          aria-describedby={described('description')}
          onChange={(event) => setDescription(event.target.value)}
        />
        {fieldError('description')}
      </Form.Group>

      <fieldset
        id={`${ids}-evidence`}
        tabIndex={-1}
        aria-describedby={`${ids}-evidence-help ${described('evidence') ?? ''}`.trim()}
        aria-invalid={Boolean(errors.evidence)}
      >
        <legend className="h5">
          <Trans>Photos and a video</Trans>
        </legend>
        <Form.Text id={`${ids}-evidence-help`} className="d-block mb-2">
          <Trans>
            Up to {CLAIM_MAX_IMAGES} photos and one short video (MP4, WebM or MOV, at most 50 MB).
          </Trans>
        </Form.Text>
        {photos.length > 0 && (
          <ul className="claim-evidence list-unstyled mb-2" aria-label={t`Chosen photos`}>
            {photos.map((photo, index) => {
              const number = index + 1
              return (
                <li key={photo.preview}>
                  <img src={photo.preview} alt={t`Chosen ${number}: ${photo.file.name}`} />
                  <button
                    type="button"
                    className="btn-close"
                    disabled={busy}
                    aria-label={t`Remove photo ${number}`}
                    onClick={() => setPhotos((now) => now.filter((each) => each !== photo))}
                  />
                </li>
              )
            })}
          </ul>
        )}
        <div className="d-flex flex-wrap gap-3">
          {photos.length < CLAIM_MAX_IMAGES && (
            <Form.Group controlId={`${ids}-photos`}>
              <Form.Label className="btn btn-outline-primary mb-0">
                <Trans>Add photos</Trans>
              </Form.Label>
              <Form.Control
                type="file"
                accept="image/*"
                multiple
                className="visually-hidden"
                disabled={busy}
                onChange={(event) => {
                  addPhotos((event.target as HTMLInputElement).files)
                  ;(event.target as HTMLInputElement).value = ''
                }}
              />
            </Form.Group>
          )}
          {!video && (
            <Form.Group controlId={`${ids}-video`}>
              <Form.Label className="btn btn-outline-primary mb-0">
                <Trans>Add a video</Trans>
              </Form.Label>
              <Form.Control
                type="file"
                accept="video/*"
                className="visually-hidden"
                disabled={busy}
                onChange={(event) => {
                  chooseVideo((event.target as HTMLInputElement).files)
                  ;(event.target as HTMLInputElement).value = ''
                }}
              />
            </Form.Group>
          )}
        </div>
        {video && (
          <div className="claim-evidence mt-2">
            <div className="claim-evidence-video position-relative">
              {/* biome-ignore lint/a11y/useMediaCaption: the customer's own video, before it is sent */}
              <video
                src={video.preview}
                controls
                preload="metadata"
                aria-label={t`Chosen video: ${video.file.name}`}
              />
              <button
                type="button"
                className="btn-close"
                disabled={busy}
                aria-label={t`Remove the video`}
                onClick={() => setVideo(null)}
              />
            </div>
          </div>
        )}
        {fieldError('evidence')}
      </fieldset>

      <fieldset
        id={`${ids}-wanted`}
        tabIndex={-1}
        aria-describedby={described('wanted')}
        aria-invalid={Boolean(errors.wanted)}
      >
        <legend className="h5">
          <Trans>What would you like?</Trans>
        </legend>
        {CLAIM_WANTS.map((each) => (
          <Form.Check
            key={each}
            type="radio"
            name="wanted"
            id={`${ids}-wanted-${each}`}
            label={i18n._(CLAIM_WANTED_LABELS[each])}
            checked={wanted === each}
            disabled={busy}
            onChange={() => setWanted(each)}
          />
        ))}
        {fieldError('wanted')}
      </fieldset>

      {progress !== null && (
        <div
          className="progress"
          role="progressbar"
          aria-label={t`Upload progress`}
          aria-valuenow={progress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuetext={t`${progress} percent sent`}
        >
          <div className="progress-bar" style={{ width: `${progress}%` }}>
            {progress}%
          </div>
        </div>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton busy={busy}>
          <Trans>Send report</Trans>
        </SubmitButton>
        <Link to={`/orders/${order.id}`} className="btn btn-link">
          <Trans>Back to the order</Trans>
        </Link>
      </div>
    </Form>
  )
}

/** "Report a problem" with a delivered order: items, reason, description, photos and a video, wish. */
export function ClaimFormPage() {
  const { t } = useLingui()
  const id = Number(useParams().orderId)
  useTitle(t`Report a problem with order #${id}`)
  const order = useQuery(orderQuery(id))
  const settings = useQuery(claimSettingsQuery())
  const claims = useQuery(claimListQuery({ order: id, page_size: 100 }))
  const heading = (
    <h1 className="page-title">
      <Trans>Report a problem with order #{id}</Trans>
    </h1>
  )
  if (order.isPending || settings.isPending || claims.isPending)
    return <Loading label={t`Loading your order...`} />
  if (!order.data || !settings.data || !claims.data) {
    return (
      <div className="container py-4">
        {heading}
        <Alert variant="danger">
          <Trans>Could not load this order. Check your connection and try again.</Trans>
        </Alert>
      </div>
    )
  }
  const open = openReasons(order.data, settings.data)
  return (
    <div className="container py-4 claim-form-page">
      <Link to={`/orders/${id}`} className="back-link">
        <span className="pointing">←</span> <Trans>Back to order #{id}</Trans>
      </Link>
      <div className="mt-2">{heading}</div>
      {open.length === 0 ? (
        <Alert variant="info">
          <Trans>This order can no longer be reported: the store’s time for claims has passed.</Trans>
        </Alert>
      ) : (
        <ClaimFormView order={order.data} settings={settings.data} claims={claims.data.results} />
      )}
    </div>
  )
}
