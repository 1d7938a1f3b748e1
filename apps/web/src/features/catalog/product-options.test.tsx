import { paths } from '@store/contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, customer, renderApp, serveApi } from '../../test/app'
import { cart, productDetail } from '../../test/fixtures'

const sofa = productDetail([], {
  id: 1,
  name: 'Chesterfield Sofa',
  price: '245000.00',
  stock: 0,
  lead_time_days: 21,
  dimensions: { width_cm: 220, depth_cm: 95, height_cm: 78 },
  material: 'Sheesham wood',
  colour: 'Emerald',
  options: [
    {
      id: 1,
      name: 'Fabric',
      values: [
        { id: 11, label: 'Emerald velvet', price_delta: '0.00' },
        { id: 12, label: 'Beige linen', price_delta: '4000.00' },
      ],
    },
    {
      id: 2,
      name: 'Size',
      values: [
        { id: 21, label: '2-seater', price_delta: '-30000.00' },
        { id: 22, label: '3-seater', price_delta: '0.00' },
      ],
    },
  ],
})

describe('a product with options', () => {
  it('updates the price with the choices and asks for every option before adding to the cart', async () => {
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.cart.getCart, cart([])),
      answer(paths.catalog.getProduct, sofa),
      answer(
        paths.cart.addToCart,
        cart([{ id: 5, quantity: 1, price: '245000.00', name: 'Chesterfield Sofa' }]),
      ),
    ])
    renderApp('/product/1', { user: customer })
    const price = await screen.findByText('PKR 245,000', { selector: '.product-price span' })
    // Made to order: no stock, yet it can be bought.
    expect(screen.getByText('Made to order — ships in 21 days')).toBeVisible()
    const specs = within(screen.getByRole('region', { name: 'Specifications' }))
    expect(specs.getByRole('row', { name: 'Dimensions (W × D × H) 220 × 95 × 78 cm' })).toBeVisible()

    const user = userEvent.setup()
    const fabric = screen.getByRole('group', { name: 'Fabric' })
    await user.click(within(fabric).getByRole('radio', { name: /Beige linen/ }))
    expect(price).toHaveTextContent('PKR 249,000')

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose the size.')
    expect(api.callsTo(paths.cart.addToCart)).toHaveLength(0)

    await user.click(
      within(screen.getByRole('group', { name: 'Size' })).getByRole('radio', { name: /2-seater/ }),
    )
    expect(price).toHaveTextContent('PKR 219,000')
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }))
    expect(await screen.findByText('Item added to cart!')).toBeInTheDocument()
    expect(api.callsTo(paths.cart.addToCart)[0]?.body).toEqual({
      product_id: 1,
      quantity: 1,
      options: { '1': 12, '2': 21 },
    })
  })

  it('sends the seller an inquiry with the choices made so far, even before every option is chosen', async () => {
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.cart.getCart, cart([])),
      answer(paths.catalog.getProduct, sofa),
      answer(paths.messaging.buyNow, {
        message: 'Your inquiry has been sent to the seller.',
        conversation_id: 9,
      }),
    ])
    renderApp('/product/1', { user: customer })
    const user = userEvent.setup()
    const buyNow = await screen.findByRole('button', { name: 'Buy Now (Contact Seller)' })
    await user.click(
      within(screen.getByRole('group', { name: 'Fabric' })).getByRole('radio', { name: /Beige linen/ }),
    )
    // The size is still open: the seller hears of the sofa all the same, and no option is flagged.
    await user.click(buyNow)
    expect(await screen.findByRole('link', { name: 'Open the conversation' })).toHaveAttribute(
      'href',
      '/messages/9',
    )
    expect(screen.queryByText('Choose the size.')).toBeNull()
    expect(api.callsTo(paths.messaging.buyNow)[0]?.body).toEqual({
      product_id: 1,
      quantity: 1,
      options: { '1': 12 },
    })
  })

  it('shows the chosen options and the unit price on each cart line', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(
        paths.cart.getCart,
        cart([
          {
            id: 5,
            productId: 1,
            quantity: 1,
            price: '245000.00',
            unitPrice: '249000.00',
            name: 'Chesterfield Sofa',
            options: [
              { name: 'Fabric', value: 'Beige linen' },
              { name: 'Size', value: '3-seater' },
            ],
          },
          {
            id: 6,
            productId: 1,
            quantity: 2,
            price: '245000.00',
            unitPrice: '215000.00',
            name: 'Chesterfield Sofa',
            options: [
              { name: 'Fabric', value: 'Emerald velvet' },
              { name: 'Size', value: '2-seater' },
            ],
          },
        ]),
      ),
    ])
    renderApp('/cart', { user: customer })
    expect(await screen.findByText('Fabric: Beige linen · Size: 3-seater')).toBeVisible()
    expect(screen.getByText('Fabric: Emerald velvet · Size: 2-seater')).toBeVisible()
    expect(screen.getByText('PKR 430,000')).toBeVisible()
    const summary = within(screen.getByRole('complementary', { name: 'Order Summary' }))
    expect(summary.getByText('Subtotal (3 items)')).toBeVisible()
    expect(summary.getAllByText('PKR 679,000')).toHaveLength(2)
  })
})
