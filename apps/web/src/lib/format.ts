const pkr = new Intl.NumberFormat('en-PK', { maximumFractionDigits: 2 })

/** DESIGN.md: money shows as `PKR 12,500` on every screen. */
export function formatPrice(amount: string | number): string {
  return `PKR ${pkr.format(Number(amount))}`
}

/** SPEC §9: the checkout total shows two decimals. */
export function formatPriceExact(amount: string | number): string {
  return `PKR ${Number(amount).toLocaleString('en-PK', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-PK', { year: 'numeric', month: 'short', day: 'numeric' })
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-PK', { dateStyle: 'medium', timeStyle: 'short' })
}
