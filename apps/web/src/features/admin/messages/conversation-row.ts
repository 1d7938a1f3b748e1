import { msg } from '@lingui/core/macro'
import type { Participant } from '@store/contract'
import { i18n } from '../../../lib/i18n'

/**
 * docs/product.md §2: the other participant's full name, or 'A User' when it is empty. For staff the other
 * one is the customer, whom the API always lists first (staff who wrote in it follow).
 */
export function customerName(participants: Participant[]): string {
  const customer = participants[0]
  const name = customer ? `${customer.first_name} ${customer.last_name}`.trim() : ''
  return name || i18n._(msg`A User`)
}

/** A one-line preview of the last message. */
export function preview(content: string, max = 80): string {
  const line = content.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line
}
