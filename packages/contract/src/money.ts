import type { OptionChoices, ProductOption } from './catalog'

/**
 * Money arithmetic and display in whole paisa (1 rupee = 100 paisa), so that a line total is never a
 * float: the wire's decimal strings are parsed exactly, multiplied as integers, then printed.
 */

/** `"1999.50"` → 199950. Throws on anything that is not a wire amount (two decimals at most). */
export function toPaisa(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount)
  if (!match) throw new Error(`Not a money amount: ${amount}`)
  const [, sign, rupees = '0', fraction = ''] = match
  const paisa = Number(rupees) * 100 + Number(fraction.padEnd(2, '0'))
  return sign ? -paisa : paisa
}

const groupedRupees = new Intl.NumberFormat('en-PK', { maximumFractionDigits: 0 })

/**
 * The one way an amount is shown, on every screen and in the server's own texts: `PKR 12,500` for whole
 * rupees, `PKR 1,999.50` otherwise, never one decimal. `exact` always prints the paisa (docs/product.md §9:
 * the checkout total shows two decimals).
 */
export function formatPkr(paisa: number, { exact = false }: { exact?: boolean } = {}): string {
  // A true minus sign (U+2212): a hyphen before 'PKR' reads as a dash.
  const sign = paisa < 0 ? '\u2212' : ''
  const whole = Math.abs(paisa)
  const rupees = groupedRupees.format(Math.floor(whole / 100))
  const rest = whole % 100
  const fraction = exact || rest !== 0 ? `.${String(rest).padStart(2, '0')}` : ''
  return `${sign}PKR ${rupees}${fraction}`
}

/**
 * A product's unit price for a set of choices: its price plus the chosen values' deltas, in paisa.
 * An option left unchosen adds nothing (the server refuses such a choice set; a page shows the base).
 */
export function unitPricePaisa(price: string, options: ProductOption[], choices: OptionChoices): number {
  let paisa = toPaisa(price)
  for (const option of options) {
    const value = option.values.find((candidate) => candidate.id === choices[String(option.id)])
    if (value) paisa += toPaisa(value.price_delta)
  }
  return paisa
}
