import { paths, type UpdateProfileBody } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '../lib/i18n'
import { answer, customer, page, renderApp, serveApi } from '../test/app'
import { cart, product } from '../test/fixtures'

afterEach(async () => {
  await activateLanguage('en', { remember: false })
  // biome-ignore lint/suspicious/noDocumentCookie: the test forgets the preference cookie it made
  document.cookie = 'lang=; path=/; max-age=0'
})

const shop = () => [
  answer(paths.auth.profile, customer),
  answer(paths.cart.getCart, cart([])),
  answer(paths.catalog.showcase, []),
  answer(paths.catalog.listProducts, page([product({ id: 3, name: 'Oak Bed' })])),
]

/**
 * Where the toaster puts a toast: react-hot-toast lines up a top-right toast at its row's end
 * (`justify-content: flex-end`), which is the right in English and the left right to left.
 */
const toastSide = (text: string) => {
  let row = screen.getByText(text).parentElement
  while (row && !row.style.justifyContent && row.style.position !== 'absolute') row = row.parentElement
  const end = row?.style.justifyContent === 'flex-end'
  const rtl = document.documentElement.dir === 'rtl'
  return end !== rtl ? 'right' : 'left'
}

describe('the language switch', () => {
  it('turns the shop into Urdu and back, and this browser remembers the choice', async () => {
    const api = serveApi(shop())
    renderApp('/')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'اردو' }))

    expect(await screen.findByRole('heading', { name: 'ہماری کلیکشن' })).toBeVisible()
    expect(document.documentElement.dir).toBe('rtl')
    expect(document.documentElement.lang).toBe('ur')
    expect(localStorage.getItem('language')).toBe('ur')
    expect(document.cookie).toContain('lang=ur')
    // What was read in English is asked for again in Urdu.
    await waitFor(() =>
      expect(api.callsTo(paths.catalog.listProducts).at(-1)?.headers.get('accept-language')).toBe('ur'),
    )
    // Nobody is signed in: no profile to tell.
    expect(api.callsTo(paths.auth.updateProfile)).toHaveLength(0)

    // docs/product.md §8's toasts sit top-right; right to left, top-left.
    const card = (await screen.findByRole('link', { name: 'Oak Bed' })).closest('article') as HTMLElement
    await user.click(within(card).getByRole('button', { name: 'کارٹ میں ڈالیں: Oak Bed' }))
    const pleaseLogIn = 'کارٹ میں چیزیں ڈالنے کے لیے براہِ کرم لاگ ان کریں۔'
    expect(await screen.findByText(pleaseLogIn)).toBeInTheDocument()
    expect(toastSide(pleaseLogIn)).toBe('left')

    const inEnglish = () =>
      api.callsTo(paths.catalog.listProducts).filter((call) => call.headers.get('accept-language') === 'en')
    const askedInEnglish = inEnglish().length
    await user.click(screen.getByRole('button', { name: 'English' }))
    expect(await screen.findByRole('heading', { name: 'Our Collection' })).toBeVisible()
    // The English answers were kept apart under their own keys: back in English, they show again.
    expect(inEnglish()).toHaveLength(askedInEnglish)
    expect(document.documentElement.dir).toBe('ltr')
    expect(localStorage.getItem('language')).toBe('en')
    await user.click(within(card).getByRole('button', { name: 'Add to Cart: Oak Bed' }))
    expect(await screen.findByText('Please log in to add items to your cart.')).toBeInTheDocument()
    expect(toastSide('Please log in to add items to your cart.')).toBe('right')
  })

  it('keeps the choice on the profile of a signed-in customer', async () => {
    const api = serveApi([
      answer(paths.auth.updateProfile, (call) => ({ ...customer, ...(call.body as UpdateProfileBody) })),
      ...shop(),
    ])
    renderApp('/orders', { user: customer })
    await screen.findByRole('heading', { name: 'My Orders' })
    await userEvent.setup().click(screen.getByRole('button', { name: 'اردو' }))
    expect(await screen.findByRole('heading', { name: 'میرے آرڈرز' })).toBeVisible()
    await waitFor(() =>
      expect(api.callsTo(paths.auth.updateProfile).map((call) => call.body)).toEqual([{ language: 'ur' }]),
    )
    expect(document.title).toBe('میرے آرڈرز | Comfort Living')
    expect(localStorage.getItem('language')).toBe('ur')
  })

  it('asks again for exactly the answers in the reader’s language', async () => {
    const api = serveApi([
      answer(paths.auth.updateProfile, (call) => ({ ...customer, ...(call.body as UpdateProfileBody) })),
      answer(paths.messaging.listConversations, page([])),
      ...shop(),
    ])
    renderApp('/messages', { user: customer })
    await screen.findByRole('heading', { name: 'My Messages' })
    await waitFor(() => expect(api.callsTo(paths.cart.getCart)).toHaveLength(1))
    await userEvent.setup().click(screen.getByRole('button', { name: 'اردو' }))

    // The cart names its products in the reader's language; a conversation's messages are as written.
    await waitFor(() =>
      expect(api.callsTo(paths.cart.getCart).map((call) => call.headers.get('accept-language'))).toEqual([
        'en',
        'ur',
      ]),
    )
    expect(api.callsTo(paths.messaging.listConversations)).toHaveLength(1)
  })

  it('takes the profile’s language in a browser that never chose one', async () => {
    serveApi([answer(paths.auth.profile, { ...customer, language: 'ur' }), ...shop().slice(1)])
    renderApp('/orders', { user: customer })
    expect(await screen.findByRole('heading', { name: 'میرے آرڈرز' })).toBeVisible()
    expect(document.documentElement.dir).toBe('rtl')
  })
})
