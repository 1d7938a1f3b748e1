import { useLingui } from '@lingui/react/macro'
import { formatPkr, isLanguage, isRightToLeft, type SalesReportRow, toPaisa } from '@store/contract'
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js'
import { useEffect, useMemo, useRef } from 'react'
import { Bar } from 'react-chartjs-2'
import { intlLocaleOf } from '../common/locale'

// Only the parts a bar chart draws, so the admin chunk carries no unused chart.js code.
ChartJS.register(CategoryScale, LinearScale, BarElement, Legend, Tooltip)

const BRAND = '#8a5a3b'
/** Money received: the dashboard's green, so both pages read the same way */
const RECEIVED = '#2f7a55'
const URDU_FONT = '"Noto Nastaliq Urdu", system-ui, sans-serif'

/** The bars in the reader's language: right to left in Urdu, the first row at the right edge. */
export function reportChartOptions(language: string): ChartOptions<'bar'> {
  const rtl = isLanguage(language) && isRightToLeft(language)
  const compact = new Intl.NumberFormat(intlLocaleOf(language), {
    notation: 'compact',
    maximumFractionDigits: 1,
  })
  const font = rtl ? { family: URDU_FONT, lineHeight: 1.9 } : undefined
  return {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { position: 'top', rtl, textDirection: rtl ? 'rtl' : 'ltr', labels: { font } },
      tooltip: {
        rtl,
        textDirection: rtl ? 'rtl' : 'ltr',
        titleFont: font,
        bodyFont: font,
        callbacks: {
          label: (item) => ` ${item.dataset.label}: ${formatPkr(Math.round((item.parsed.y ?? 0) * 100))}`,
        },
      },
    },
    scales: {
      x: { reverse: rtl, grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 8, font } },
      y: {
        position: rtl ? 'right' : 'left',
        ticks: { callback: (value) => `PKR ${compact.format(Number(value))}`, font },
      },
    },
  }
}

/** Rupees as chart.js draws them (a number), from the API's exact amounts. */
const rupees = (amount: string) => toPaisa(amount) / 100

/**
 * Booked and received money of each row side by side. The table below it holds the same figures for
 * screen readers and for exact reading; the chart's label says what it shows in words.
 */
export function ReportChart({ rows, labels }: { rows: SalesReportRow[]; labels: string[] }) {
  const { i18n, t } = useLingui()
  const language = i18n.locale
  const options = useMemo(() => reportChartOptions(language), [language])
  const chart = useRef<ChartJS<'bar'>>(null)
  // A canvas is not redrawn when a face arrives: once the page's fonts are in, draw it again.
  useEffect(() => {
    let current = true
    void document.fonts?.ready.then(() => current && chart.current?.update())
    return () => {
      current = false
    }
  }, [])
  const shown = rows.length
  return (
    <Bar
      ref={chart}
      role="img"
      aria-label={t`Chart of booked and received money for the ${shown} rows of the table below`}
      options={options}
      data={{
        labels,
        datasets: [
          { label: t`Booked (PKR)`, data: rows.map((row) => rupees(row.booked)), backgroundColor: BRAND },
          {
            label: t`Received (PKR)`,
            data: rows.map((row) => rupees(row.received)),
            backgroundColor: RECEIVED,
          },
        ],
      }}
    />
  )
}
