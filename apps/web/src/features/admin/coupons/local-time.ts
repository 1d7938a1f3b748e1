const pad = (value: number) => String(value).padStart(2, '0')

/** An ISO moment as a datetime-local input holds it: on the staff member's own clock, to the minute. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const moment = new Date(iso)
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}T${pad(moment.getHours())}:${pad(moment.getMinutes())}`
}

/**
 * A datetime-local input's text (local time) as an ISO moment; empty is none. Text that is no moment
 * stays as it is, for the contract's schema to refuse with its own sentence.
 */
export function fromLocalInput(text: string): string | null {
  if (text.trim() === '') return null
  const moment = new Date(text)
  return Number.isNaN(moment.getTime()) ? text : moment.toISOString()
}
