import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { type StockLevels, type StockSettings, StockSettingsBody } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Form } from 'react-bootstrap'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { z } from 'zod'
import { FormRefusal } from '../../../components/form-refusal'
import { Loading } from '../../../components/loading'
import { usePageParam } from '../../../components/pager'
import { SubmitButton } from '../../../components/submit-button'
import { TextField } from '../../../components/text-field'
import {
  LOW_STOCK_PAGE_SIZE,
  lowStockQuery,
  stockSettingsQuery,
  useUpdateStockSettings,
} from '../../../data/stock'
import { localResolver } from '../../../lib/sentences'
import { showRefusalInForm } from '../../../lib/server-errors'
import { toast } from '../../../lib/toast'
import { ListTable, PagedListState } from '../common/list-state'
import { useCountFormat } from '../common/locale'
import { PageHeader } from '../common/page-header'

/** The threshold as typed; empty is no number, which the contract refuses with its sentence. */
const ThresholdSchema = z
  .object({ low_stock_threshold: z.string() })
  .transform(
    ({ low_stock_threshold: typed }): StockSettingsBody => ({
      low_stock_threshold: typed.trim() === '' ? Number.NaN : Number(typed),
    }),
  )
  .pipe(StockSettingsBody)
type ThresholdValues = z.input<typeof ThresholdSchema>

function DefaultThresholdForm({ settings }: { settings: StockSettings }) {
  const { t } = useLingui()
  const update = useUpdateStockSettings()
  const form = useForm<ThresholdValues, unknown, StockSettingsBody>({
    resolver: localResolver(zodResolver(ThresholdSchema)),
    defaultValues: { low_stock_threshold: String(settings.low_stock_threshold) },
  })
  const { errors } = form.formState

  const save = form.handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: (saved) => {
        toast.success(t`Default threshold saved.`)
        form.reset({ low_stock_threshold: String(saved.low_stock_threshold) })
      },
      onError: (error) => showRefusalInForm(error, form, t`Could not save the threshold.`),
    }),
  )

  return (
    <Form noValidate onSubmit={save} className="d-flex flex-wrap align-items-start gap-2">
      <FormRefusal message={errors.root?.message} className="w-100 mb-0" />
      <TextField
        form={form}
        name="low_stock_threshold"
        id="default-threshold"
        label={t`Store's default threshold (units)`}
        help={t`A product without its own threshold is low at this many units or fewer.`}
        type="number"
        min={0}
        max={10_000}
        step={1}
        inputMode="numeric"
        className="admin-threshold"
      />
      {/* From sm up the button sits beside the box, below its label's line. */}
      <div className="mt-sm-4 pt-sm-2">
        <SubmitButton busy={update.isPending}>
          <Trans>Save Threshold</Trans>
        </SubmitButton>
      </div>
    </Form>
  )
}

function DefaultThreshold() {
  const settings = useQuery(stockSettingsQuery())
  return (
    <Card as="section" className="shadow-sm border-0 mb-4" aria-labelledby="default-threshold-heading">
      <Card.Body>
        <Card.Title as="h2" id="default-threshold-heading" className="h5 mb-3">
          <Trans>Default threshold</Trans>
        </Card.Title>
        {settings.isError ? (
          <Alert variant="danger" className="mb-0">
            <Trans>Could not load the stock settings.</Trans>
          </Alert>
        ) : settings.isPending ? (
          <Loading />
        ) : (
          <DefaultThresholdForm settings={settings.data} />
        )}
      </Card.Body>
    </Card>
  )
}

/** Where the product is kept and how many there; a product never stocked is kept nowhere yet. */
function ByLocation({ product }: { product: StockLevels }) {
  const count = useCountFormat()
  if (product.by_location.length === 0) {
    return (
      <span className="small text-body-secondary">
        <Trans>Not kept at any location yet.</Trans>
      </span>
    )
  }
  return (
    <ul className="list-unstyled small mb-0">
      {product.by_location.map((place) => (
        <li key={place.location_id}>
          {place.name}: {count(place.quantity)}
        </li>
      ))}
    </ul>
  )
}

function LowStockRow({ product }: { product: StockLevels }) {
  const count = useCountFormat()
  const threshold = count(product.threshold)
  return (
    <tr>
      <td>
        <Link to={`/adminuser/products/edit/${product.product_id}`}>{product.name}</Link>
        {/* Small screens fold the stock by location into the first cell. */}
        <div className="d-md-none text-body-secondary">
          <ByLocation product={product} />
        </div>
      </td>
      <td className="text-nowrap">
        <span className="fw-semibold text-danger">{count(product.stock)}</span>{' '}
        <span className="small text-body-secondary">
          <Trans>(threshold {threshold})</Trans>
        </span>
      </td>
      <td className="d-none d-md-table-cell">
        <ByLocation product={product} />
      </td>
    </tr>
  )
}

/** Products at or below their threshold, lowest first, and the store's default threshold. */
export function LowStockPage() {
  const { t } = useLingui()
  const page = usePageParam()
  const low = useQuery(lowStockQuery(page))
  return (
    <>
      <PageHeader
        title={t`Low stock`}
        subtitle={t`Products kept in stock at or below their threshold, lowest first.`}
      />
      <DefaultThreshold />
      <PagedListState
        query={low}
        page={page}
        pageSize={LOW_STOCK_PAGE_SIZE}
        loadingLabel={t`Loading the products low on stock...`}
        failure={<Trans>Could not load the products low on stock.</Trans>}
        empty={<Trans>No product is low on stock.</Trans>}
      >
        {(list) => (
          <ListTable
            columns={[
              { label: t`Product` },
              { label: t`Stock` },
              { label: t`By location`, className: 'd-none d-md-table-cell' },
            ]}
          >
            {list.map((product) => (
              <LowStockRow key={product.product_id} product={product} />
            ))}
          </ListTable>
        )}
      </PagedListState>
    </>
  )
}
