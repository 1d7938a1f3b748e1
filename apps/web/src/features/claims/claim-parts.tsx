import { Trans, useLingui } from '@lingui/react/macro'
import type { Claim, ClaimStatus, Evidence } from '@store/contract'
import Badge from 'react-bootstrap/Badge'
import { Link } from 'react-router'
import { formatCalendarDate, formatDateTime, formatPrice } from '../../lib/format'
import {
  CLAIM_REASON_LABELS,
  CLAIM_STATUS_LABELS,
  CLAIM_STATUS_VARIANTS,
  CLAIM_WANTED_LABELS,
  RESOLUTION_KIND_LABELS,
} from './claim-labels'

export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  const { i18n } = useLingui()
  const variant = CLAIM_STATUS_VARIANTS[status]
  return (
    <Badge bg={variant} text={variant === 'warning' || variant === 'info' ? 'dark' : undefined}>
      {i18n._(CLAIM_STATUS_LABELS[status])}
    </Badge>
  )
}

/** What the customer reported: the items, the reason, what they want and their words. */
export function ClaimSummary({ claim }: { claim: Claim }) {
  const { i18n } = useLingui()
  return (
    <section className="card" aria-labelledby="claim-summary-heading">
      <div className="card-body">
        <h2 id="claim-summary-heading" className="h5">
          <Trans>The problem</Trans>
        </h2>
        <dl className="row mb-2">
          <dt className="col-sm-4">
            <Trans>Reason</Trans>
          </dt>
          <dd className="col-sm-8">{i18n._(CLAIM_REASON_LABELS[claim.reason])}</dd>
          <dt className="col-sm-4">
            <Trans>Wanted</Trans>
          </dt>
          <dd className="col-sm-8">{i18n._(CLAIM_WANTED_LABELS[claim.wanted])}</dd>
          <dt className="col-sm-4">
            <Trans>Items</Trans>
          </dt>
          <dd className="col-sm-8">
            <ul className="list-unstyled mb-0">
              {claim.lines.map((line) => (
                <li key={line.order_item_id}>
                  {line.quantity} × {line.product_name}
                  {line.options.length > 0 && (
                    <span className="text-muted small">
                      {' '}
                      ({line.options.map((option) => `${option.name}: ${option.value}`).join(', ')})
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </dd>
        </dl>
        <p className="mb-0 order-timeline-note">{claim.description}</p>
      </div>
    </section>
  )
}

/**
 * The photos and the video, loaded straight from their signed addresses (no Bearer header needed); the
 * video is streamed by range requests as it plays.
 */
export function EvidenceGallery({ evidence }: { evidence: Evidence[] }) {
  const { t } = useLingui()
  let photo = 0
  return (
    <section className="card" aria-labelledby="evidence-heading">
      <div className="card-body">
        <h2 id="evidence-heading" className="h5">
          <Trans>Photos and video</Trans>
        </h2>
        {evidence.length === 0 ? (
          <p className="text-muted mb-0">
            <Trans>No photos or video.</Trans>
          </p>
        ) : (
          <ul className="claim-evidence list-unstyled mb-0">
            {evidence.map((item) => {
              if (item.kind === 'video') {
                return (
                  <li key={item.id} className="claim-evidence-video">
                    {/* biome-ignore lint/a11y/useMediaCaption: the customer's own unboxing video has no captions */}
                    <video controls preload="metadata" src={item.url} aria-label={t`Video of the problem`} />
                  </li>
                )
              }
              photo += 1
              const number = photo
              return (
                <li key={item.id}>
                  <a href={item.url} target="_blank" rel="noreferrer">
                    <img src={item.url} alt={t`The problem, shot ${number}`} loading="lazy" />
                  </a>
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </section>
  )
}

/** Each step of the claim, oldest first, with who took it and their note. */
export function ClaimTimeline({ claim }: { claim: Claim }) {
  const { i18n, t } = useLingui()
  return (
    <section className="card" aria-labelledby="claim-timeline-heading">
      <div className="card-body">
        <h2 id="claim-timeline-heading" className="h5">
          <Trans>Claim timeline</Trans>
        </h2>
        {claim.pickup_date && (
          <p className="mb-0">
            <span className="text-muted">
              <Trans>Pickup day:</Trans>{' '}
            </span>
            <strong>
              <time dateTime={claim.pickup_date}>{formatCalendarDate(claim.pickup_date)}</time>
            </strong>
          </p>
        )}
        <ol className="order-timeline mt-3 mb-0">
          {claim.history.map((event, index) => {
            const by = event.by?.first_name
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: history only grows at its end, so a position names one entry
              <li key={index}>
                <span className="fw-semibold d-block">
                  {index === 0 ? t`Problem reported` : i18n._(CLAIM_STATUS_LABELS[event.status])}
                </span>
                <span className="text-muted small d-block">
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                  {by && <> · {t`by ${by}`}</>}
                </span>
                {event.note && <span className="d-block order-timeline-note">{event.note}</span>}
              </li>
            )
          })}
        </ol>
      </div>
    </section>
  )
}

/** How the claim ended: the remedy, the refund, the replacement order. */
export function ClaimOutcome({ claim, orderLink }: { claim: Claim; orderLink: (id: number) => string }) {
  const { i18n } = useLingui()
  const resolution = claim.resolution
  if (!resolution) return null
  const replacement = resolution.replacement_order_id
  return (
    <section className="card border-success" aria-labelledby="claim-outcome-heading">
      <div className="card-body">
        <h2 id="claim-outcome-heading" className="h5">
          <Trans>Outcome</Trans>
        </h2>
        <p className="mb-1 fw-semibold">{i18n._(RESOLUTION_KIND_LABELS[resolution.kind])}</p>
        {resolution.refund_amount && (
          <p className="mb-1">
            <Trans>Refund: {formatPrice(resolution.refund_amount)}</Trans>
          </p>
        )}
        {replacement !== null && (
          <p className="mb-0">
            <Link to={orderLink(replacement)}>
              <Trans>Replacement order #{replacement}</Trans>
            </Link>
          </p>
        )}
      </div>
    </section>
  )
}
