/** Money is kept in whole paisa while computing, so sums never meet a float rounding error. */
export function toPaisa(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.')
  const sign = whole.startsWith('-') ? -1n : 1n
  return sign * (BigInt(whole.replace('-', '')) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2)))
}

export function fromPaisa(paisa: bigint): string {
  const sign = paisa < 0n ? '-' : ''
  const absolute = paisa < 0n ? -paisa : paisa
  return `${sign}${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}`
}

/** Normalises a numeric string from the database or a form to two decimals. */
export const formatMoney = (amount: string): string => fromPaisa(toPaisa(amount))
