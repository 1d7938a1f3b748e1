import { type Product, type ProductDetail, paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ApiCall, answer, page, renderApp, reply, serveApi, staff } from '../../../test/app'
import { readInUrdu, urduStaff } from '../../../test/urdu-reader'
import { acceptImages } from './image-manager'

const image = (id: number) => ({
  id,
  image_url: `/media/products/${id}.webp`,
  srcset: '',
  width: 800,
  height: 600,
})

const sofa: ProductDetail = {
  id: 7,
  sku: 'CL-000007',
  name: 'Walnut Sofa',
  description: 'Three seats in solid walnut.',
  name_ur: '',
  description_ur: '',
  price: '125000.00',
  stock: 4,
  category: 'Sofas',
  is_featured: true,
  is_on_sale: false,
  average_rating: 0,
  review_count: 0,
  images: [image(11), image(12)],
  created_at: '2026-01-01T00:00:00.000Z',
  category_id: 2,
  options: [],
  dimensions: null,
  weight_kg: null,
  material: null,
  colour: null,
  lead_time_days: 0,
  advance_percent: null,
  low_stock_threshold: null,
  reviews: [],
}

/** The back office's catalogue, as the API answers it; `overrides` replace or add routes. */
function serve(overrides: Parameters<typeof serveApi>[0] = []) {
  return serveApi([
    ...overrides,
    answer(paths.auth.profile, staff),
    answer(
      paths.catalog.listCategories,
      page([
        { id: 1, name: 'Chairs', name_ur: '', slug: 'chairs', product_count: 0 },
        { id: 2, name: 'Sofas', name_ur: '', slug: 'sofas', product_count: 1 },
      ]),
    ),
    answer(paths.catalog.getProduct, sofa),
    answer(paths.catalog.listProducts, page<Product>([sofa])),
  ])
}

/** The multipart form of an upload that was sent. */
function formOf(call: ApiCall | undefined): FormData {
  if (!(call?.body instanceof FormData)) throw new Error('no upload was sent')
  return call.body
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })

beforeEach(() => {
  let next = 0
  URL.createObjectURL = vi.fn(() => `blob:preview-${next++}`)
  URL.revokeObjectURL = vi.fn()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  vi.clearAllMocks()
  vi.restoreAllMocks()
})

describe('product form, create mode', () => {
  it('defaults to the first category and checks the required fields before sending anything', async () => {
    const api = serve()
    const user = userEvent.setup()
    renderApp('/adminuser/products/new', { user: staff })

    expect(await screen.findByRole('heading', { name: 'Create New Product' })).toBeInTheDocument()
    expect(await screen.findByLabelText('Category')).toHaveValue('Chairs')
    expect(screen.getByLabelText('Description')).toHaveAttribute('rows', '5')
    expect(screen.getByLabelText('Price (PKR)')).toHaveAttribute('step', '1')

    await user.click(screen.getByRole('button', { name: 'Create Product' }))

    expect(await screen.findByText('Product name is required.')).toBeInTheDocument()
    expect(screen.getByText('Description is required.')).toBeInTheDocument()
    expect(screen.getByText('Stock must be a whole number.')).toBeInTheDocument()
    expect(api.callsTo(paths.catalog.createProduct)).toHaveLength(0)
  })

  it('sends the fields and the picked images as one multipart POST, then returns to the list', async () => {
    const api = serve([answer(paths.catalog.createProduct, { ...sofa, id: 8 })])
    const user = userEvent.setup()
    renderApp('/adminuser/products/new', { user: staff })

    await user.type(await screen.findByLabelText('Product Name'), 'Oak Chair')
    await user.type(screen.getByLabelText('Description'), 'A sturdy chair.')
    await user.selectOptions(await screen.findByLabelText('Category'), 'Sofas')
    await user.type(screen.getByLabelText('Price (PKR)'), '18500')
    await user.type(screen.getByLabelText('Stock'), '12')
    await user.click(screen.getByLabelText('On Sale'))
    await user.type(screen.getByLabelText('Width (cm)'), '80')
    await user.type(screen.getByLabelText('Depth (cm)'), '60')
    await user.type(screen.getByLabelText('Height (cm)'), '95')
    await user.type(screen.getByLabelText('Material'), 'Oak')
    await user.type(screen.getByLabelText('Advance percent'), '30')
    await user.click(screen.getByRole('button', { name: 'Add option' }))
    await user.type(screen.getByLabelText('Option 1 name'), 'Finish')
    await user.type(screen.getByLabelText('Finish, value 1: label'), 'Natural')
    await user.click(screen.getByRole('button', { name: 'Add value to Finish' }))
    await user.type(screen.getByLabelText('Finish, value 2: label'), 'Walnut stain')
    const delta = screen.getByLabelText('Finish, value 2: price change')
    await user.clear(delta)
    await user.type(delta, '1500.50')
    // The preview shows what each value sells at.
    expect(screen.getByText('= PKR 20,000.50')).toBeInTheDocument()
    await user.upload(screen.getByLabelText('Drag & drop or click to upload'), [png('a.png'), png('b.png')])

    const previews = within(screen.getByRole('list', { name: 'New images' }))
    expect(previews.getAllByRole('img')).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Create Product' }))

    expect(await screen.findByText('Product created successfully!')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Manage Products' })).toBeInTheDocument()
    const [create] = api.callsTo(paths.catalog.createProduct)
    const form = formOf(create)
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'images'))).toEqual({
      name: 'Oak Chair',
      description: 'A sturdy chair.',
      name_ur: '',
      description_ur: '',
      category: 'Sofas',
      price: '18500',
      stock: '12',
      is_featured: 'false',
      is_on_sale: 'true',
      width_cm: '80',
      depth_cm: '60',
      height_cm: '95',
      weight_kg: '',
      material: 'Oak',
      colour: '',
      lead_time_days: '0',
      advance_percent: '30',
      low_stock_threshold: '',
      options: JSON.stringify([
        {
          name: 'Finish',
          values: [
            { label: 'Natural', price_delta: '0' },
            { label: 'Walnut stain', price_delta: '1500.50' },
          ],
        },
      ]),
    })
    expect(form.getAll('images').map((file) => (file as File).name)).toEqual(['a.png', 'b.png'])
  })
})

describe('product form, edit mode', () => {
  it('prefills the product and reads Save Changes', async () => {
    serve()
    renderApp('/adminuser/products/edit/7', { user: staff })

    expect(await screen.findByRole('heading', { name: 'Edit Product' })).toBeInTheDocument()
    expect(await screen.findByLabelText('Product Name')).toHaveValue('Walnut Sofa')
    expect(screen.getByLabelText('Price (PKR)')).toHaveValue(125000)
    expect(screen.getByLabelText('Category')).toHaveValue('Sofas')
    expect(screen.getByLabelText('Featured Product')).toBeChecked()
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled()
  })

  it('prefills the product’s own advance and sends it empty, the store’s rules, once cleared', async () => {
    const api = serve([
      answer(paths.catalog.getProduct, { ...sofa, advance_percent: 40 }),
      answer(paths.catalog.updateProduct, sofa),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/products/edit/7', { user: staff })

    const advance = await screen.findByLabelText('Advance percent')
    await waitFor(() => expect(advance).toHaveValue(40))
    expect(advance).toHaveAccessibleDescription(
      "Paid ahead when ordered. Empty: the store's advance rules decide.",
    )
    await user.clear(advance)
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument()
    expect(formOf(api.callsTo(paths.catalog.updateProduct)[0]).get('advance_percent')).toBe('')
  })

  it('prefills the product’s own low-stock threshold and sends the new one as text', async () => {
    const api = serve([
      answer(paths.catalog.getProduct, { ...sofa, low_stock_threshold: 3 }),
      answer(paths.catalog.updateProduct, sofa),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/products/edit/7', { user: staff })

    const threshold = await screen.findByLabelText('Low-stock threshold')
    await waitFor(() => expect(threshold).toHaveValue(3))
    expect(threshold).toHaveAccessibleDescription(
      "Staff are told when stock falls to this. Empty: the store's default.",
    )
    await user.clear(threshold)
    await user.type(threshold, '6')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument()
    expect(formOf(api.callsTo(paths.catalog.updateProduct)[0]).get('low_stock_threshold')).toBe('6')
  })

  it('holds an image removal until the update succeeds, then sends one delete-image call', async () => {
    const api = serve([
      answer(paths.catalog.updateProduct, sofa),
      answer(paths.catalog.deleteImage, undefined),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/products/edit/7', { user: staff })

    await user.click(await screen.findByRole('button', { name: 'Remove image 1' }))
    expect(within(screen.getByRole('list', { name: 'Current images' })).getAllByRole('img')).toHaveLength(1)
    expect(api.callsTo(paths.catalog.deleteImage)).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument()
    const [update] = api.callsTo(paths.catalog.updateProduct)
    expect(update?.params).toEqual({ id: '7' })
    const removals = api.callsTo(paths.catalog.deleteImage)
    expect(removals.map((call) => [call.params, call.body])).toEqual([[{ id: '7' }, { image_id: 11 }]])
    expect(api.calls.indexOf(update as ApiCall)).toBeLessThan(api.calls.indexOf(removals[0] as ApiCall))
  })

  it('keeps what was typed and removes nothing when the update fails', async () => {
    const api = serve([
      answer(paths.catalog.updateProduct, reply(400, { detail: 'The product form is not valid.' })),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/products/edit/7', { user: staff })

    const name = await screen.findByLabelText('Product Name')
    await user.clear(name)
    await user.type(name, 'Walnut Sofa XL')
    await user.click(screen.getByRole('button', { name: 'Remove image 2' }))
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    expect(await screen.findByText('An error occurred. Please check your input.')).toBeInTheDocument()
    expect(screen.queryByText('The product form is not valid.')).not.toBeInTheDocument()
    expect(api.callsTo(paths.catalog.deleteImage)).toHaveLength(0)
    expect(screen.getByLabelText('Product Name')).toHaveValue('Walnut Sofa XL')
    expect(screen.getByText(/1 image will be removed when you save/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled()
  })

  it('says so when the product cannot be loaded', async () => {
    serve([answer(paths.catalog.getProduct, reply(404, { detail: 'Product not found.' }))])
    renderApp('/adminuser/products/edit/7', { user: staff })
    expect(await screen.findByText('Failed to load product data.')).toBeInTheDocument()
  })
})

describe('options editor', () => {
  it('refuses an option without a name before sending anything, keeping what was typed', async () => {
    const api = serve()
    const user = userEvent.setup()
    renderApp('/adminuser/products/edit/7', { user: staff })
    await user.click(await screen.findByRole('button', { name: 'Add option' }))
    await user.type(screen.getByLabelText('Option 1, value 1: label'), 'Velvet')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Every option needs a name.')).toBeInTheDocument()
    expect(api.callsTo(paths.catalog.updateProduct)).toHaveLength(0)
    expect(screen.getByLabelText('Option 1, value 1: label')).toHaveValue('Velvet')
  })

  it('moves an option up and removes another', async () => {
    serve([
      answer(paths.catalog.getProduct, {
        ...sofa,
        options: [
          { id: 1, name: 'Fabric', values: [{ id: 11, label: 'Linen', price_delta: '0.00' }] },
          { id: 2, name: 'Size', values: [{ id: 21, label: '3-seater', price_delta: '0.00' }] },
        ],
      }),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/products/edit/7', { user: staff })
    await user.click(await screen.findByRole('button', { name: 'Move Size up' }))
    const names = () =>
      screen.getAllByLabelText(/^Option \d+ name$/).map((input) => (input as HTMLInputElement).value)
    expect(names()).toEqual(['Size', 'Fabric'])
    await user.click(screen.getByRole('button', { name: 'Remove Fabric' }))
    expect(names()).toEqual(['Size'])
  })
})

describe('image picker', () => {
  it('takes images only', () => {
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' })
    expect(acceptImages([png('a.png'), text], 0).map((file) => file.name)).toEqual(['a.png'])
  })
})

describe('product list', () => {
  it('asks for 100 a page and deletes a product through the confirmation modal', async () => {
    const api = serve([answer(paths.catalog.deleteProduct, undefined)])
    const user = userEvent.setup()
    renderApp('/adminuser/products', { user: staff })

    await user.click(await screen.findByRole('button', { name: 'Delete Walnut Sofa' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Confirm Deletion')).toBeInTheDocument()
    expect(dialog).toHaveTextContent('Walnut Sofa')
    expect(dialog).toHaveTextContent('cannot be undone')
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    expect(await screen.findByText('Product "Walnut Sofa" deleted successfully.')).toBeInTheDocument()
    expect(api.callsTo(paths.catalog.listProducts)[0]?.query.toString()).toBe('page=1&page_size=100')
    expect(api.callsTo(paths.catalog.deleteProduct).map((call) => call.params)).toEqual([{ id: '7' }])
    // The catalogue is asked again (its cache was invalidated), nothing else of the app.
    await waitFor(() => expect(api.callsTo(paths.catalog.listProducts)).toHaveLength(2))
    expect(api.callsTo(paths.auth.profile)).toHaveLength(1)
  })
})

describe('from the product list to a product and back', () => {
  it('returns to the page of the list the product was opened from', async () => {
    serve()
    const user = userEvent.setup()
    const { router } = renderApp('/adminuser/products?page=2', { user: staff })

    await user.click(await screen.findByRole('link', { name: 'Edit Walnut Sofa' }))
    expect(await screen.findByRole('heading', { name: 'Edit Product' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: '← Back to Products List' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminuser/products'))
    expect(router.state.location.search).toBe('?page=2')
  })
})

describe('product form, Urdu texts', () => {
  it('sends the Urdu name and text typed right to left, empty when left empty', async () => {
    const api = serve([answer(paths.catalog.createProduct, { ...sofa, id: 8 })])
    const user = userEvent.setup()
    renderApp('/adminuser/products/new', { user: staff })

    await user.type(await screen.findByLabelText('Product Name'), 'Oak Chair')
    await user.type(screen.getByLabelText('Description'), 'A sturdy chair.')
    const nameUr = screen.getByLabelText('Name in Urdu')
    const textUr = screen.getByLabelText('Product text in Urdu')
    for (const field of [nameUr, textUr]) {
      expect(field).toHaveAttribute('dir', 'rtl')
      expect(field).toHaveAttribute('lang', 'ur')
    }
    expect(nameUr).toHaveAccessibleDescription(/the English name/)
    await user.type(nameUr, 'بلوط کی کرسی')
    await user.type(screen.getByLabelText('Price (PKR)'), '18500')
    await user.type(screen.getByLabelText('Stock'), '12')
    await user.click(screen.getByRole('button', { name: 'Create Product' }))

    expect(await screen.findByText('Product created successfully!')).toBeInTheDocument()
    const form = formOf(api.callsTo(paths.catalog.createProduct)[0])
    expect(form.get('name')).toBe('Oak Chair')
    expect(form.get('name_ur')).toBe('بلوط کی کرسی')
    expect(form.get('description_ur')).toBe('')
  })

  it('edits the saved Urdu texts and sends them back with the update', async () => {
    const api = serve([
      answer(paths.catalog.getProduct, { ...sofa, name_ur: 'اخروٹ صوفہ', description_ur: 'تین نشستیں۔' }),
      answer(paths.catalog.updateProduct, sofa),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/products/edit/7', { user: staff })

    const textUr = await screen.findByLabelText('Product text in Urdu')
    expect(screen.getByLabelText('Name in Urdu')).toHaveValue('اخروٹ صوفہ')
    expect(textUr).toHaveValue('تین نشستیں۔')
    await user.clear(textUr)
    await user.type(textUr, 'ٹھوس اخروٹ کی تین نشستیں۔')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument()
    const form = formOf(api.callsTo(paths.catalog.updateProduct)[0])
    expect(form.get('name')).toBe('Walnut Sofa')
    expect(form.get('name_ur')).toBe('اخروٹ صوفہ')
    expect(form.get('description_ur')).toBe('ٹھوس اخروٹ کی تین نشستیں۔')
  })
})

describe('product form in Urdu', () => {
  it('reads right to left in Urdu and edits the catalogue’s own English texts', async () => {
    const api = serveApi([
      answer(paths.auth.profile, urduStaff),
      answer(
        paths.catalog.listCategories,
        page([
          { id: 1, name: 'Chairs', name_ur: 'کرسیاں', slug: 'chairs', product_count: 0 },
          { id: 2, name: 'Sofas', name_ur: 'صوفے', slug: 'sofas', product_count: 1 },
        ]),
      ),
      answer(paths.catalog.getProduct, { ...sofa, name_ur: 'اخروٹ صوفہ' }),
    ])
    await readInUrdu()
    renderApp('/adminuser/products/edit/7', { user: urduStaff })

    expect(await screen.findByRole('heading', { name: 'پروڈکٹ میں ترمیم' })).toBeInTheDocument()
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    expect(await screen.findByLabelText('پروڈکٹ کا نام')).toHaveValue('Walnut Sofa')
    expect(screen.getByLabelText('اردو میں نام')).toHaveValue('اخروٹ صوفہ')
    expect(screen.getByLabelText('اردو میں پروڈکٹ کی تفصیل')).toHaveAttribute('dir', 'rtl')
    // The category reads in Urdu; the value sent is its own name.
    const category = screen.getByLabelText('زمرہ')
    expect(category).toHaveValue('Sofas')
    expect(within(category).getByRole('option', { name: 'صوفے' })).toHaveValue('Sofas')
    expect(screen.getByRole('button', { name: 'تبدیلیاں محفوظ کریں' })).toBeEnabled()
    expect(screen.getByRole('link', { name: '→ مصنوعات کی فہرست پر واپس' })).toBeInTheDocument()
    // What staff edit is asked for in English, whatever the page's language.
    for (const call of [
      ...api.callsTo(paths.catalog.getProduct),
      ...api.callsTo(paths.catalog.listCategories),
    ]) {
      expect(call.headers.get('accept-language')).toBe('en')
    }
  })

  it('says the contract’s checks in Urdu', async () => {
    serveApi([
      answer(paths.auth.profile, urduStaff),
      answer(
        paths.catalog.listCategories,
        page([{ id: 1, name: 'Chairs', name_ur: '', slug: 'chairs', product_count: 0 }]),
      ),
    ])
    const user = userEvent.setup()
    await readInUrdu()
    renderApp('/adminuser/products/new', { user: urduStaff })

    await user.click(await screen.findByRole('button', { name: 'پروڈکٹ بنائیں' }))
    expect(await screen.findByText('پروڈکٹ کا نام لکھنا ضروری ہے۔')).toBeInTheDocument()
    expect(screen.getByText('تفصیل لکھنا ضروری ہے۔')).toBeInTheDocument()
  })
})
