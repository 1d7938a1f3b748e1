import { formatPkr, type Money, toPaisa } from '@store/contract'

type PriceProps = { exact?: boolean; className?: string } & (
  | { /** a wire amount, e.g. "1999.50" */ amount: Money; paisa?: never }
  | { /** an amount counted in whole paisa, e.g. a line total */ paisa: number; amount?: never }
)

/**
 * An amount in PKR, as formatPkr prints it everywhere; `exact` keeps two decimals (docs/product.md §9
 * checkout total). It reads left to right in Urdu too, so a sign stays before "PKR".
 */
export function Price({ amount, paisa, exact, className }: PriceProps) {
  return (
    <span className={className} dir="ltr">
      {formatPkr(paisa ?? toPaisa(amount as Money), { exact })}
    </span>
  )
}
