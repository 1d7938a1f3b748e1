import { Trans, useLingui } from '@lingui/react/macro'
import type { StockLevels } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Table } from 'react-bootstrap'
import { Link } from 'react-router'
import { Loading } from '../../../components/loading'
import { locationsQuery, stockLevelsQuery } from '../../../data/stock'
import { useCountFormat } from '../common/locale'
import { AdjustStockForm, TransferStockForm } from './stock-forms'
import { StockHistory } from './stock-history'

/** The product's stock at each location, its total and the threshold that applies to it. */
function Levels({ levels }: { levels: StockLevels }) {
  const { t } = useLingui()
  const count = useCountFormat()
  const threshold = count(levels.threshold)
  return (
    <>
      <Table size="sm" className="mb-2" aria-label={t`Stock by location`}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Location</Trans>
            </th>
            <th scope="col" className="text-end">
              <Trans>Units</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {levels.by_location.length === 0 && (
            <tr>
              <td colSpan={2} className="text-body-secondary">
                <Trans>Not kept at any location yet.</Trans>
              </td>
            </tr>
          )}
          {levels.by_location.map((place) => (
            <tr key={place.location_id}>
              <td>{place.name}</td>
              <td className="text-end">{count(place.quantity)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">
              <Trans>Total</Trans>
            </th>
            <td className="text-end fw-semibold">{count(levels.stock)}</td>
          </tr>
        </tfoot>
      </Table>
      <p className="small text-body-secondary mb-0">
        {levels.low_stock_threshold === null ? (
          <Trans>Low stock at {threshold} units or fewer (the store's default).</Trans>
        ) : (
          <Trans>Low stock at {threshold} units or fewer (this product's own threshold).</Trans>
        )}
        {levels.stock <= levels.threshold && (
          <strong className="d-block text-danger">
            <Trans>This product is low on stock.</Trans>
          </strong>
        )}
      </p>
    </>
  )
}

/**
 * The back office's stock of one product: where it is kept, a change with its reason, a move between
 * locations, and its history (docs/api.md "Stock you can trust").
 */
export function StockPanel({ productId }: { productId: number }) {
  const { t } = useLingui()
  const levels = useQuery(stockLevelsQuery(productId))
  const locations = useQuery(locationsQuery())
  const places = locations.data ?? []

  return (
    <Card as="section" className="shadow-sm border-0 mb-3" aria-labelledby="stock-heading">
      {/* A column, not a grid: the history table scrolls inside it rather than widening it on a phone. */}
      <Card.Body className="d-flex flex-column gap-4">
        <Card.Title as="h2" id="stock-heading" className="h5 mb-0">
          <Trans>Stock</Trans>
        </Card.Title>
        {levels.isError || locations.isError ? (
          <Alert variant="danger" className="mb-0">
            <Trans>Could not load the stock.</Trans>
          </Alert>
        ) : levels.isPending || locations.isPending ? (
          <Loading label={t`Loading the stock...`} />
        ) : (
          <>
            <div>
              <Levels levels={levels.data} />
            </div>
            <AdjustStockForm productId={productId} locations={places} />
            {places.length > 1 ? (
              <TransferStockForm productId={productId} locations={places} />
            ) : (
              <p className="small text-body-secondary mb-0">
                <Trans>
                  Add another location on the <Link to="/adminuser/locations">Locations</Link> page to move
                  stock between them.
                </Trans>
              </p>
            )}
          </>
        )}
        <section aria-labelledby="stock-history-heading">
          <h3 id="stock-history-heading" className="h6">
            <Trans>Stock history</Trans>
          </h3>
          <StockHistory productId={productId} />
        </section>
      </Card.Body>
    </Card>
  )
}
