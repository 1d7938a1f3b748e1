import { useLingui } from '@lingui/react/macro'
import { formatPkr, isLanguage, isRightToLeft } from '@store/contract'
import {
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js'
import { useEffect, useMemo, useRef } from 'react'
import { Line } from 'react-chartjs-2'
import { intlLocaleOf } from '../common/locale'

// Only the parts this chart draws, so the admin chunk carries no unused chart.js code.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Filler, Legend, Tooltip)

const BRAND = '#8a5a3b'
/** Money received: a green apart from the brand's brown, dashed so it reads without colour too */
const RECEIVED = '#2f7a55'
/** The canvas draws with a face of its own: Urdu needs the Nastaliq one the page loaded for it. */
const URDU_FONT = '"Noto Nastaliq Urdu", system-ui, sans-serif'

/** '2026-11-22' → 'Nov 22' ('22 نومبر' in Urdu), read as a calendar day (no time-zone shift). */
function dayLabel(isoDay: string, locale: string): string {
  const [year, month, day] = isoDay.split('-').map(Number)
  if (!year || !month || !day) return isoDay
  return new Date(year, month - 1, day).toLocaleDateString(locale, { month: 'short', day: 'numeric' })
}

/**
 * The chart in the reader's language. Right to left (Urdu), time runs from the right as the text
 * does: the days start at the right edge, the amounts stand on the right, legend and tooltip read RTL.
 */
export function chartOptions(language: string): ChartOptions<'line'> {
  const rtl = isLanguage(language) && isRightToLeft(language)
  const compact = new Intl.NumberFormat(intlLocaleOf(language), {
    notation: 'compact',
    maximumFractionDigits: 1,
  })
  // Nastaliq's strokes reach far below the line: taller lines keep the day labels' from being cut.
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
        callbacks: { label: (item) => ` ${formatPkr(Math.round((item.parsed.y ?? 0) * 100))}` },
      },
    },
    scales: {
      x: { reverse: rtl, grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 12, font } },
      y: {
        position: rtl ? 'right' : 'left',
        beginAtZero: true,
        // PKR stays PKR in Urdu too, as on the shop's prices; the compact figure is the locale's.
        ticks: { callback: (value) => `PKR ${compact.format(Number(value))}`, font },
      },
    },
  }
}

interface SalesChartProps {
  labels: string[]
  /** Booked sales of each day */
  data: number[]
  /** Money received each day (confirmed payments less refunds), drawn beside the sales */
  received: number[]
}

/**
 * docs/product.md §2: a filled, smoothed line 'Daily Sales (PKR)'; beside it, an unfilled line of the
 * money received, so booked sales and cash in can be compared day by day.
 */
export function SalesChart({ labels, data, received }: SalesChartProps) {
  const { i18n, t } = useLingui()
  const language = i18n.locale
  const options = useMemo(() => chartOptions(language), [language])
  const chart = useRef<ChartJS<'line'>>(null)
  // A canvas is not redrawn when a face arrives: once the page's fonts are in, draw it again.
  useEffect(() => {
    let current = true
    void document.fonts?.ready.then(() => current && chart.current?.update())
    return () => {
      current = false
    }
  }, [])
  // docs/api.md: the chart's figures are rupees as numbers; money is printed from paisa.
  const sum = (values: number[]) => formatPkr(Math.round(values.reduce((all, value) => all + value, 0) * 100))
  const total = sum(data)
  const totalReceived = sum(received)
  const locale = intlLocaleOf(language)
  return (
    <Line
      ref={chart}
      role="img"
      aria-label={t`Daily sales for the last 30 days, ${total} in total, ${totalReceived} received`}
      options={options}
      data={{
        labels: labels.map((day) => dayLabel(day, locale)),
        datasets: [
          {
            label: t`Daily Sales (PKR)`,
            data,
            fill: true,
            tension: 0.4,
            borderColor: BRAND,
            backgroundColor: 'rgba(138, 90, 59, 0.15)',
            pointBackgroundColor: BRAND,
            pointRadius: 2,
            pointHoverRadius: 5,
          },
          {
            label: t`Received (PKR)`,
            data: received,
            fill: false,
            tension: 0.4,
            borderColor: RECEIVED,
            backgroundColor: RECEIVED,
            borderDash: [6, 4],
            pointRadius: 2,
            pointHoverRadius: 5,
          },
        ],
      }}
    />
  )
}
