import { Trans, useLingui } from '@lingui/react/macro'
import {
  REPORT_GROUPS,
  type ReportGroup,
  SalesReportQuery,
  type SalesReportRow,
  salesReportFileName,
} from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useState } from 'react'
import { Alert, Button, Card, Col, Form, Row, Spinner, Table } from 'react-bootstrap'
import { useSearchParams } from 'react-router'
import { Loading } from '../../../components/loading'
import { type ReportAsked, salesReportCsv, salesReportQuery } from '../../../data/reports'
import { ApiError } from '../../../lib/api'
import { formatPrice } from '../../../lib/format'
import { localSentence } from '../../../lib/i18n'
import { toast } from '../../../lib/toast'
import { useCountFormat, useIntlLocale } from '../common/locale'
import { PageHeader } from '../common/page-header'
import { ReportChart } from './report-chart'
import {
  GROUP_LABELS,
  isEmptyReport,
  isPeriodGroup,
  keyLabel,
  lastMonthOf,
  todayInPakistan,
} from './report-values'

/** The most rows a chart of names (products, cities…) shows: the biggest; the table has them all. */
const CHART_NAMES = 15

/**
 * The report asked for, kept in the query string (`?from=2026-10-01&to=2026-10-31&group=week`) so a
 * link opens the same report; last month by day until the reader asks for another.
 */
function useReportAsked(): [ReportAsked, (asked: ReportAsked) => void] {
  const [params, setParams] = useSearchParams()
  const lastMonth = lastMonthOf(todayInPakistan())
  const parsed = SalesReportQuery.safeParse({
    from: params.get('from') ?? lastMonth.from,
    to: params.get('to') ?? lastMonth.to,
    group: params.get('group') ?? undefined,
  })
  // A link the API would refuse opens last month, rather than an error.
  const asked = parsed.success ? parsed.data : { ...lastMonth, group: 'day' as const }
  return [asked, (next) => setParams({ from: next.from, to: next.to, group: next.group })]
}

/** The days and the grouping; the report changes when the form is sent. */
function ReportForm({ asked, onChange }: { asked: ReportAsked; onChange(asked: ReportAsked): void }) {
  const { i18n, t } = useLingui()
  const [draft, setDraft] = useState(asked)
  const [errors, setErrors] = useState<Partial<Record<keyof ReportAsked, string>>>({})

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = SalesReportQuery.safeParse(draft)
    if (!checked.success) {
      // The contract's own sentences, in the reader's language.
      const found: typeof errors = {}
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as keyof ReportAsked
        found[field] ??= localSentence(issue.message)
      }
      setErrors(found)
      return
    }
    setErrors({})
    onChange(checked.data)
  }

  const day = (name: 'from' | 'to', label: string) => (
    <Form.Group as={Col} xs={6} md={3} controlId={`report-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="date"
        value={draft[name]}
        isInvalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `report-${name}-error` : undefined}
        onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
      />
      <Form.Control.Feedback type="invalid" id={`report-${name}-error`}>
        {errors[name]}
      </Form.Control.Feedback>
    </Form.Group>
  )

  return (
    <Form className="mb-4" noValidate onSubmit={submit} aria-label={t`Choose the report`}>
      <Row className="g-2 align-items-start">
        {day('from', t({ message: 'From', context: 'date range' }))}
        {day('to', t({ message: 'To', context: 'date range' }))}
        <Form.Group as={Col} xs={12} md={3} controlId="report-group">
          <Form.Label>
            <Trans>Group by</Trans>
          </Form.Label>
          <Form.Select
            value={draft.group}
            onChange={(event) =>
              setDraft((current) => ({ ...current, group: event.target.value as ReportGroup }))
            }
          >
            {REPORT_GROUPS.map((group) => (
              <option key={group} value={group}>
                {i18n._(GROUP_LABELS[group])}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Col xs={12} md={3} className="align-self-end">
          <Button type="submit" className="w-100">
            <Trans>Show report</Trans>
          </Button>
        </Col>
      </Row>
    </Form>
  )
}

/** Saves the report's CSV under the name the server gives it (the file needs the Bearer header). */
function DownloadCsv({ asked }: { asked: ReportAsked }) {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  async function download() {
    setBusy(true)
    try {
      const file = await salesReportCsv(asked)
      const url = URL.createObjectURL(file)
      const link = document.createElement('a')
      link.href = url
      link.download = salesReportFileName(asked)
      link.click()
      // The browser has the file once the click is handled; the address can go.
      setTimeout(() => URL.revokeObjectURL(url), 0)
    } catch {
      toast.error(t`Could not download the report. Try again.`)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="outline-primary" onClick={download} disabled={busy}>
      {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
      <Trans>Download CSV</Trans>
    </Button>
  )
}

/** The report's figures, a row a key and the totals below: wide tables scroll on a phone. */
function ReportTable({
  group,
  rows,
  totals,
}: {
  group: ReportGroup
  rows: SalesReportRow[]
  totals: Omit<SalesReportRow, 'key'>
}) {
  const { i18n, t } = useLingui()
  const count = useCountFormat()
  const locale = useIntlLocale()
  const grouping = i18n._(GROUP_LABELS[group])
  const figures = (row: Omit<SalesReportRow, 'key'>) => (
    <>
      <td className="text-end">{count(row.orders)}</td>
      <td className="text-end">{count(row.units)}</td>
      <td className="text-end text-nowrap">{formatPrice(row.booked)}</td>
      <td className="text-end text-nowrap">{formatPrice(row.received)}</td>
    </>
  )
  return (
    <Table responsive className="align-middle bg-white shadow-sm admin-table mb-0">
      <caption className="visually-hidden">{t`Sales by ${grouping}`}</caption>
      <thead>
        <tr>
          <th scope="col">{grouping}</th>
          <th scope="col" className="text-end">
            <Trans>Orders</Trans>
          </th>
          <th scope="col" className="text-end">
            <Trans>Units</Trans>
          </th>
          <th scope="col" className="text-end">
            <Trans>Booked</Trans>
          </th>
          <th scope="col" className="text-end">
            <Trans>Received</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className="fw-normal text-nowrap">
              <bdi>{keyLabel(group, row.key, locale)}</bdi>
            </th>
            {figures(row)}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="fw-semibold">
          <th scope="row">
            <Trans>Total</Trans>
          </th>
          {figures(totals)}
        </tr>
      </tfoot>
    </Table>
  )
}

/** The API's sentence for a report it refused (a field's own first); none when it failed or did not answer. */
function refusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return undefined
  return Object.values(error.errors ?? {})[0]?.[0] ?? error.detail
}

/**
 * Back office → Reports: sales of a range of days in Pakistan, grouped by period, product, category,
 * city, channel or payment method, as a chart and a table of the same rows, and as a CSV file.
 */
export function ReportsPage() {
  const { t } = useLingui()
  const locale = useIntlLocale()
  const [asked, setAsked] = useReportAsked()
  const report = useQuery(salesReportQuery(asked))

  let body: ReactNode
  if (report.isPending) body = <Loading label={t`Loading the report`} />
  else if (report.isError) {
    body = (
      <Alert variant="danger">
        {refusal(report.error) ?? (
          <Trans>Could not load the report. Check your connection and try again.</Trans>
        )}
      </Alert>
    )
  } else if (isEmptyReport(report.data.rows)) {
    body = (
      <p className="text-body-secondary" role="status">
        <Trans>No sales in this period.</Trans>
      </p>
    )
  } else {
    const { rows, totals } = report.data
    // Periods are drawn in time order, all of them; names, the biggest first.
    const charted = isPeriodGroup(asked.group) ? rows : rows.slice(0, CHART_NAMES)
    body = (
      <>
        <Card className="shadow-sm border-0 mb-4">
          <Card.Body>
            <div className="admin-chart">
              <ReportChart
                rows={charted}
                labels={charted.map((row) => keyLabel(asked.group, row.key, locale))}
                byName={!isPeriodGroup(asked.group)}
              />
            </div>
            {charted.length < rows.length && (
              <p className="small text-body-secondary mb-0 mt-2">
                <Trans>The chart shows the {CHART_NAMES} biggest; the table lists them all.</Trans>
              </p>
            )}
          </Card.Body>
        </Card>
        <ReportTable group={asked.group} rows={rows} totals={totals} />
      </>
    )
  }

  return (
    <>
      <PageHeader
        title={t`Reports`}
        subtitle={t`Sales booked and money received, by days in Pakistan.`}
        action={<DownloadCsv asked={asked} />}
      />
      <ReportForm key={JSON.stringify(asked)} asked={asked} onChange={setAsked} />
      <div aria-busy={report.isFetching}>{body}</div>
    </>
  )
}
