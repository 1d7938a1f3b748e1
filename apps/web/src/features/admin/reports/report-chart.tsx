import { useLingui } from '@lingui/react/macro'
import { formatPkr, isLanguage, isRightToLeft, type SalesReportRow, toPaisa } from '@store/contract'
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  type Scale,
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
/** The most characters of a name beside its bars */
const NAME_CHARACTERS = 18
const URDU_FONT = '"Noto Nastaliq Urdu", system-ui, sans-serif'

/**
 * The bars in the reader's language: right to left in Urdu, time starting at the right edge. Periods
 * stand up along time; names (products, cities…) lie along the amounts, so long names stay readable.
 */
export function reportChartOptions(language: string, { byName }: { byName: boolean }): ChartOptions<'bar'> {
  const rtl = isLanguage(language) && isRightToLeft(language)
  const compact = new Intl.NumberFormat(intlLocaleOf(language), {
    notation: 'compact',
    maximumFractionDigits: 1,
  })
  const font = rtl ? { family: URDU_FONT, lineHeight: 1.9 } : undefined
  const amounts = {
    ticks: { callback: (value: string | number) => `PKR ${compact.format(Number(value))}`, font },
  }
  const names = { grid: { display: false }, ticks: { autoSkipPadding: 8, font } }
  // A long product name would push the bars off a phone's screen: the table has it in full.
  const shortNames = {
    ...names.ticks,
    callback(this: Scale, value: string | number) {
      const name = this.getLabelForValue(Number(value))
      return name.length > NAME_CHARACTERS ? `${name.slice(0, NAME_CHARACTERS - 1)}…` : name
    },
  }
  return {
    responsive: true,
    maintainAspectRatio: false,
    indexAxis: byName ? 'y' : 'x',
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { position: 'top', rtl, textDirection: rtl ? 'rtl' : 'ltr', labels: { font } },
      tooltip: {
        rtl,
        textDirection: rtl ? 'rtl' : 'ltr',
        titleFont: font,
        bodyFont: font,
        callbacks: {
          label: (item) =>
            ` ${item.dataset.label}: ${formatPkr(Math.round(((byName ? item.parsed.x : item.parsed.y) ?? 0) * 100))}`,
        },
      },
    },
    scales: byName
      ? {
          x: { ...amounts, reverse: rtl },
          y: { ...names, ticks: shortNames, position: rtl ? 'right' : 'left' },
        }
      : {
          x: { ...names, reverse: rtl, ticks: { ...names.ticks, maxRotation: 0 } },
          y: { ...amounts, position: rtl ? 'right' : 'left' },
        },
  }
}

/** Rupees as chart.js draws them (a number), from the API's exact amounts. */
const rupees = (amount: string) => toPaisa(amount) / 100

/**
 * Booked and received money of each row side by side. The table below it holds the same figures for
 * screen readers and for exact reading; the chart's label says what it shows in words.
 */
export function ReportChart({
  rows,
  labels,
  byName,
}: {
  rows: SalesReportRow[]
  labels: string[]
  /** Rows of names (products, cities…) rather than periods */
  byName: boolean
}) {
  const { i18n, t } = useLingui()
  const language = i18n.locale
  const options = useMemo(() => reportChartOptions(language, { byName }), [language, byName])
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
