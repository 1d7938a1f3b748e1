import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import { REVIEW_LINK_DAYS } from '@store/contract'

/**
 * The customer's review link (docs/decisions.md "Review links"): `{order id}.{expiry in seconds}.{MAC}`,
 * the MAC an HMAC-SHA256 of the purpose, the order and the expiry under a key derived from the app's
 * secret for this purpose alone. Nothing is stored: a link is good for its one order until it expires,
 * and sending a draft again makes a new one.
 */
const PURPOSE = 'order-review'
const DAY_MS = 24 * 60 * 60 * 1000

const keyOf = (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'comfort-store/links', PURPOSE, 32))

const macOf = (secret: string, orderId: number, expires: number) =>
  createHmac('sha256', keyOf(secret)).update(`${PURPOSE}:${orderId}:${expires}`).digest()

/** A link's token for this order, good for REVIEW_LINK_DAYS from `now`. */
export function signReviewToken(secret: string, orderId: number, now = new Date()) {
  const expires = Math.floor((now.getTime() + REVIEW_LINK_DAYS * DAY_MS) / 1000)
  const token = `${orderId}.${expires}.${macOf(secret, orderId, expires).toString('base64url')}`
  return { token, expiresAt: new Date(expires * 1000) }
}

/** When the token is this order's, unchanged and not expired at `now`, its expiry; null otherwise. */
export function checkReviewToken(secret: string, orderId: number, token: string, now = new Date()) {
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match || Number(match[1]) !== orderId) return null
  const expires = Number(match[2])
  const given = Buffer.from(match[3] ?? '', 'base64url')
  const expected = macOf(secret, orderId, expires)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  if (expires * 1000 <= now.getTime()) return null
  return new Date(expires * 1000)
}
