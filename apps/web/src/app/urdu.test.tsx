import { paths, type User } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '../lib/i18n'
import { answer, customer, page, renderApp, serveApi } from '../test/app'
import { cart, deliveryZone, order, product, productDetail, review } from '../test/fixtures'

// An Urdu reader, who chose Urdu in this browser and on the profile; back to English after each test.
beforeEach(() => activateLanguage('ur'))
afterEach(() => activateLanguage('en'))
const reader: User = { ...customer, language: 'ur' }

const shop = [
  answer(paths.auth.profile, reader),
  answer(paths.cart.getCart, cart([{ id: 11, quantity: 3, price: '12500.00', name: 'Oak Side Table' }])),
  answer(paths.catalog.showcase, [product({ id: 2, name: 'Chesterfield Sofa' })]),
  answer(paths.catalog.listProducts, page([product({ id: 3, name: 'Oak Bed', stock: 0 })])),
]

describe('the shop in Urdu', () => {
  it('draws the home page right to left in Urdu, names and prices as they are', async () => {
    serveApi(shop)
    renderApp('/')
    expect(await screen.findByRole('heading', { name: 'ہماری کلیکشن' })).toBeVisible()
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    expect(document.documentElement.dir).toBe('rtl')
    expect(document.documentElement.lang).toBe('ur')
    expect(screen.getAllByRole('link', { name: 'تمام مصنوعات' }).length).toBeGreaterThan(0)
    // A product without an Urdu name keeps its English one; the price stays "PKR" with Latin digits.
    const card = (await screen.findByRole('link', { name: 'Oak Bed' })).closest('article') as HTMLElement
    expect(within(card).getByRole('button', { name: 'اسٹاک ختم' })).toBeDisabled()
    expect(within(card).getByText('PKR 125,000')).toBeVisible()
    expect(screen.getByRole('button', { name: 'English' })).toBeVisible()
    await waitFor(() => expect(document.title).toBe('Comfort Living — فرنیچر اور گھر'))
  })

  it('shows a product page in Urdu: stock, buttons, specifications, reviews and their dates', async () => {
    serveApi([
      ...shop,
      answer(
        paths.catalog.getProduct,
        productDetail([review({ created_at: '2026-11-24T10:00:00.000Z' })], {
          id: 7,
          name: 'Walnut Sofa',
          stock: 4,
          dimensions: { width_cm: 220, depth_cm: 95, height_cm: 78 },
        }),
      ),
    ])
    renderApp('/product/7', { user: reader })
    expect(await screen.findByRole('heading', { level: 1, name: 'Walnut Sofa' })).toBeVisible()
    expect(screen.getByText('اسٹاک میں: 4')).toBeVisible()
    expect(screen.getByRole('button', { name: 'کارٹ میں ڈالیں' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'ابھی خریدیں (بیچنے والے سے رابطہ)' })).toBeEnabled()
    const specs = within(screen.getByRole('region', { name: 'تفصیلات' }))
    expect(
      specs.getByRole('row', { name: 'پیمائش (چوڑائی × گہرائی × اونچائی) 220 × 95 × 78 سینٹی میٹر' }),
    ).toBeVisible()
    const reviews = within(screen.getByRole('region', { name: 'گاہکوں کے ریویوز' }))
    // Dates in Urdu (ur-PK) with the Latin digits of the prices
    expect(reviews.getByText('24 نومبر، 2026')).toBeVisible()
    expect(screen.getByRole('navigation', { name: 'راستہ' })).toHaveTextContent('ہوممصنوعاتWalnut Sofa')
  })

  it('shows the cart in Urdu, with the counted items and a toast in Urdu', async () => {
    serveApi([...shop, answer(paths.cart.removeCartItem, cart([]))])
    renderApp('/cart', { user: reader })
    const summary = within(await screen.findByRole('complementary', { name: 'آرڈر کا خلاصہ' }))
    expect(summary.getByText('سب ٹوٹل (3 چیزیں)')).toBeVisible()
    expect(summary.getByText('ڈیلیوری: چیک آؤٹ پر طے ہو گی')).toBeVisible()
    expect(summary.getByRole('link', { name: 'چیک آؤٹ کی طرف بڑھیں' })).toHaveAttribute('href', '/checkout')
    expect(screen.getByRole('link', { name: 'کارٹ، 3 چیزیں' })).toBeVisible()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Oak Side Table نکالیں' }))
    expect(await screen.findByText('چیز کارٹ سے نکال دی گئی۔')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'آپ کی کارٹ خالی ہے' })).toBeVisible()
  })

  it('asks for the shipping details in Urdu, with the contract’s checks in Urdu too', async () => {
    serveApi([
      ...shop,
      answer(paths.delivery.listDeliveryZones, [deliveryZone()]),
      answer(paths.addresses.listAddresses, page([])),
    ])
    renderApp('/checkout', { user: reader })
    expect(await screen.findByRole('heading', { level: 1, name: 'چیک آؤٹ' })).toBeVisible()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('موبائل نمبر'), '12')
    await user.type(screen.getByLabelText('شہر'), 'Gwadar')
    await user.click(screen.getByRole('button', { name: 'آرڈر دیں' }))
    // The web's own check, with the city set apart from the Urdu around it
    expect(await screen.findByText('ہم ابھی \u2068Gwadar\u2069 میں ڈیلیوری نہیں کرتے۔')).toBeVisible()
    expect(screen.getByText('موبائل نمبر اس طرح لکھیں: 03001234567 یا \u200E+923001234567۔')).toBeVisible()
    expect(screen.getByText('اپنا شہر منتخب کریں')).toBeVisible()
    expect(screen.getByRole('radio', { name: /کیش آن ڈیلیوری/ })).toBeChecked()
  })

  it('translates the contract’s sentences under a field', async () => {
    serveApi(shop)
    renderApp('/forgot-password')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('ای میل'), 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'ری سیٹ لنک بھیجیں' }))
    expect(await screen.findByText('براہِ کرم درست ای میل ایڈریس لکھیں۔')).toBeVisible()
  })

  it('shows an order with its status, payment and timeline in Urdu', async () => {
    serveApi([...shop, answer(paths.orders.getOrder, order({ status: 'Pending' }))])
    renderApp('/orders/41', { user: reader })
    expect(await screen.findByRole('heading', { level: 1, name: 'آرڈر نمبر 41' })).toBeVisible()
    expect(screen.getByText('زیرِ التوا')).toBeVisible()
    expect(screen.getByRole('button', { name: 'آرڈر منسوخ کریں' })).toBeVisible()
    const payment = screen.getByRole('region', { name: 'ادائیگیاں' })
    expect(payment).toHaveTextContent('کیش آن ڈیلیوری')
    expect(payment).toHaveTextContent('غیر ادا شدہ')
    expect(payment).toHaveTextContent('ابھی کوئی ادائیگی نہیں ہوئی۔')
    expect(payment).toHaveTextContent(/بقایا رقم\s*PKR 25,000\.00/)
    const timeline = screen.getByRole('region', { name: 'آرڈر کی تفصیلِ وقت' })
    expect(within(timeline).getAllByRole('listitem')[0]).toHaveTextContent(/^آرڈر دیا گیا.*از Amna$/)
    expect(timeline).toHaveTextContent('متوقع ڈیلیوری:')
    expect(timeline).toHaveTextContent('3 مارچ')
  })
})
