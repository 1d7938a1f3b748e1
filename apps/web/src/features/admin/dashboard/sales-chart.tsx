import { formatPkr } from '@store/contract'
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
import { Line } from 'react-chartjs-2'

// Only the parts this chart draws, so the admin chunk carries no unused chart.js code.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Filler, Legend, Tooltip)

const BRAND = '#8a5a3b'
const compact = new Intl.NumberFormat('en-PK', { notation: 'compact', maximumFractionDigits: 1 })

/** '2026-11-22' → 'Nov 22', read as a calendar day (no time-zone shift). */
function dayLabel(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number)
  if (!year || !month || !day) return isoDay
  return new Date(year, month - 1, day).toLocaleDateString('en-PK', { month: 'short', day: 'numeric' })
}

const options: ChartOptions<'line'> = {
  responsive: true,
  maintainAspectRatio: false,
  interaction: { mode: 'index', intersect: false },
  plugins: {
    legend: { position: 'top' },
    tooltip: { callbacks: { label: (item) => ` ${formatPkr(Math.round((item.parsed.y ?? 0) * 100))}` } },
  },
  scales: {
    x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 12 } },
    y: { beginAtZero: true, ticks: { callback: (value) => `PKR ${compact.format(Number(value))}` } },
  },
}

interface SalesChartProps {
  labels: string[]
  data: number[]
}

/** SPEC §2: a filled, smoothed line with the one series 'Daily Sales (PKR)'. */
export function SalesChart({ labels, data }: SalesChartProps) {
  // API.md: the chart's figures are rupees as numbers; money is printed from paisa.
  const total = data.reduce((sum, value) => sum + value, 0)
  return (
    <Line
      role="img"
      aria-label={`Daily sales for the last 30 days, ${formatPkr(Math.round(total * 100))} in total`}
      options={options}
      data={{
        labels: labels.map(dayLabel),
        datasets: [
          {
            label: 'Daily Sales (PKR)',
            data,
            fill: true,
            tension: 0.4,
            borderColor: BRAND,
            backgroundColor: 'rgba(138, 90, 59, 0.15)',
            pointBackgroundColor: BRAND,
            pointRadius: 2,
            pointHoverRadius: 5,
          },
        ],
      }}
    />
  )
}
