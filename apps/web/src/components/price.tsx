import { formatPrice, formatPriceExact } from '../lib/format'

/** An amount in PKR with thousands separators; `exact` keeps two decimals (SPEC §9 checkout total). */
export function Price({
  amount,
  exact,
  className,
}: {
  amount: string | number
  exact?: boolean
  className?: string
}) {
  return <span className={className}>{exact ? formatPriceExact(amount) : formatPrice(amount)}</span>
}
