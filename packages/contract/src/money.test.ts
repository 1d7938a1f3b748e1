import { describe, expect, it } from 'vitest'
import { formatPkr, toPaisa } from './money'

describe('toPaisa', () => {
  it('reads wire amounts exactly, without floating point', () => {
    expect(toPaisa('12500.00')).toBe(1_250_000)
    expect(toPaisa('1999.50')).toBe(199_950)
    expect(toPaisa('0.07')).toBe(7)
    expect(toPaisa('0.1')).toBe(10)
    expect(toPaisa('-30000.00')).toBe(-3_000_000)
    // 0.1 + 0.2 style drift would show here: 80000.50 + 12500.00 × 2 in paisa
    expect(toPaisa('80000.50') + toPaisa('12500.00') * 2).toBe(10_500_050)
  })

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '1.234', '1e5', ' 12']) expect(() => toPaisa(text)).toThrow()
  })
})

describe('formatPkr', () => {
  it('prints whole rupees without decimals and paisa with two, never one', () => {
    expect(formatPkr(1_250_000)).toBe('PKR 12,500')
    expect(formatPkr(199_950)).toBe('PKR 1,999.50')
    expect(formatPkr(10_500_050)).toBe('PKR 105,000.50')
    expect(formatPkr(7)).toBe('PKR 0.07')
    expect(formatPkr(0)).toBe('PKR 0')
    expect(formatPkr(-3_000_000)).toBe('\u2212PKR 30,000')
  })

  it('always prints two decimals when exact (docs/product.md §9: the checkout total)', () => {
    expect(formatPkr(1_250_000, { exact: true })).toBe('PKR 12,500.00')
    expect(formatPkr(199_950, { exact: true })).toBe('PKR 1,999.50')
  })
})
