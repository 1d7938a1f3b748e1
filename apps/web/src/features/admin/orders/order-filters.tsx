import { useLingui } from '@lingui/react/macro'
import { ORDER_CHANNELS, ORDER_STATUSES, PAYMENT_STATUSES, PlacedStatus } from '@store/contract'
import { useState } from 'react'
import { orderStatusLabel, PAYMENT_STATUS_LABELS } from '../../../components/status-badge'
import type { OrderListFilters } from '../../../data/orders'
import { FilterForm, FilterSelect, isFiltered, SearchField, useFilterParams } from '../common/filter-form'
import { CHANNEL_LABELS } from '../reports/report-values'

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value)

/** The filters chosen besides the drafts tab's own status. */
export const otherThanDrafts = (filters: OrderListFilters): OrderListFilters =>
  filters.status === 'Draft' ? { ...filters, status: undefined } : filters

const FILTER_NAMES = [
  'status',
  'payment_status',
  'channel',
  'search',
] as const satisfies (keyof OrderListFilters)[]

/**
 * The order list's filters, kept in the query string (`?status=Pending&payment_status=proof_submitted
 * &channel=phone&search=…`) so a link (the dashboard's) or a bookmark opens the list filtered. Values the API does
 * not know are left out rather than sent.
 */
export const useOrderFilters = () =>
  useFilterParams<OrderListFilters>(FILTER_NAMES, (params) => ({
    status: oneOf(ORDER_STATUSES, params.get('status')),
    payment_status: oneOf(PAYMENT_STATUSES, params.get('payment_status')),
    channel: oneOf(ORDER_CHANNELS, params.get('channel')),
    search: params.get('search')?.trim() || undefined,
  }))

/**
 * Status, payment and channel apply as they are chosen; the search words when Search (or Enter) is pressed,
 * not at every key. Give it a new `key` when the URL's search changes, so the box shows what is searched.
 */
export function OrderFilters({
  filters,
  onChange,
}: {
  filters: OrderListFilters
  onChange(filters: OrderListFilters): void
}) {
  const { i18n, t } = useLingui()
  const [search, setSearch] = useState(filters.search ?? '')
  return (
    <FilterForm
      label={t`Filter orders`}
      filtered={isFiltered(otherThanDrafts(filters))}
      onSubmit={() => onChange({ ...filters, search: search.trim() || undefined })}
      onClear={() => onChange(filters.status === 'Draft' ? { status: 'Draft' } : {})}
    >
      {/* Drafts are their own tab: the status filter chooses among placed orders. */}
      {filters.status !== 'Draft' && (
        <FilterSelect
          id="order-status-filter"
          label={t`Status`}
          value={filters.status}
          options={PlacedStatus.options.map((status) => [status, orderStatusLabel(status, i18n)])}
          onChange={(status) => onChange({ ...filters, status })}
          xs={6}
          lg={2}
        />
      )}
      <FilterSelect
        id="order-payment-filter"
        label={t`Payment`}
        value={filters.payment_status}
        options={PAYMENT_STATUSES.map((status) => [status, PAYMENT_STATUS_LABELS[status]])}
        onChange={(payment_status) => onChange({ ...filters, payment_status })}
        xs={6}
        lg={2}
      />
      <FilterSelect
        id="order-channel-filter"
        label={t`Channel`}
        value={filters.channel}
        options={ORDER_CHANNELS.map((channel) => [channel, CHANNEL_LABELS[channel]])}
        onChange={(channel) => onChange({ ...filters, channel })}
        xs={6}
        lg={2}
      />
      <SearchField
        id="order-search"
        value={search}
        placeholder={t`Order number, name, phone or email`}
        onChange={setSearch}
        xs={12}
        lg={filters.status === 'Draft' ? 6 : 4}
      />
    </FilterForm>
  )
}
