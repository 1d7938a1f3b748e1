import { Trans, useLingui } from '@lingui/react/macro'
import type { StaffQuoteBody } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import Alert from 'react-bootstrap/Alert'
import { ChosenOptions } from '../../../components/chosen-options'
import { OrderTotals } from '../../../components/order-summary'
import { Price } from '../../../components/price'
import { staffQuoteQuery } from '../../../data/order-desk'
import { serverDetail } from '../../../lib/api'
import { formatPrice } from '../../../lib/format'
import { useDebouncedValue } from '../../../lib/use-debounced-value'

/** How long the lines rest before the summary is priced again. */
const QUOTE_DELAY_MS = 400

/** A line asking more than the shelves hold now (a draft holds none; confirming takes them). */
function InStock({ count }: { count: number }) {
  return <Trans>Only {count} in stock now</Trans>
}

/**
 * The order as the checkout's quote prices it, staff's prices, discount and fee included, asked again
 * as the lines change: lines, totals, the advance due now and the balance. The total is announced.
 */
export function DeskSummary({ body }: { body: StaffQuoteBody | null }) {
  const { t } = useLingui()
  const asked = useDebouncedValue(body, QUOTE_DELAY_MS)
  const quote = useQuery(staffQuoteQuery(asked))
  const priced = asked ? quote.data : undefined
  const refusal = asked && quote.isError ? (serverDetail(quote.error) ?? t`Could not price the order.`) : null
  const total = priced ? formatPrice(priced.total_price) : ''
  const advance = priced ? formatPrice(priced.advance_due) : ''
  const balance = priced ? formatPrice(priced.balance_due) : ''

  return (
    <aside className="card summary-card" aria-labelledby="desk-summary-heading" data-testid="desk-summary">
      <div className="card-body">
        <h2 id="desk-summary-heading" className="h5">
          <Trans>Summary</Trans>
        </h2>
        {refusal && (
          <Alert variant="warning" className="small" role="alert">
            {refusal}
          </Alert>
        )}
        {!body ? (
          <p className="text-body-secondary mb-0">
            <Trans>Add a product and the delivery city to see the total.</Trans>
          </p>
        ) : !priced ? (
          !refusal && (
            <p className="text-body-secondary mb-0">
              <Trans>Working it out…</Trans>
            </p>
          )
        ) : (
          <>
            <ul className="checkout-items">
              {priced.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the quote's lines follow the form's, by place
                <li key={index}>
                  <span>
                    <bdi>{line.name}</bdi> <span className="text-muted">× {line.quantity}</span>
                    <ChosenOptions options={line.options} />
                    {line.unit_price !== line.catalogue_price && (
                      <span className="d-block small text-body-secondary">
                        <Trans>
                          Unit price <Price amount={line.unit_price} /> instead of{' '}
                          <Price amount={line.catalogue_price} />
                        </Trans>
                      </span>
                    )}
                    {line.in_stock < line.quantity && (
                      <span className="d-block small text-warning-emphasis">
                        <InStock count={line.in_stock} />
                      </span>
                    )}
                  </span>
                  <Price amount={line.line_total} exact />
                </li>
              ))}
            </ul>
            <OrderTotals totals={priced} floor={0} exact />
            <p className="small fw-semibold mt-2 mb-0">
              <Trans>
                Advance due <Price amount={priced.advance_due} /> · Balance{' '}
                <Price amount={priced.balance_due} />
              </Trans>
            </p>
          </>
        )}
        <p className="visually-hidden" aria-live="polite" data-testid="desk-total">
          {priced && t`Total ${total}, advance due ${advance}, balance ${balance}`}
        </p>
      </div>
    </aside>
  )
}
