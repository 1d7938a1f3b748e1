import type { Paginated, Product, ProductDetail } from '@store/contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, api, upload } from '../../../lib/api'
import { renderAt } from '../test-utils'
import { acceptImages } from './image-manager'
import { ProductFormPage } from './product-form-page'
import { ProductListPage } from './product-list-page'

vi.mock('../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
  upload: vi.fn(),
}))

const image = (id: number) => ({
  id,
  image_url: `/media/products/${id}.webp`,
  srcset: '',
  width: 800,
  height: 600,
})

const sofa: ProductDetail = {
  id: 7,
  name: 'Walnut Sofa',
  description: 'Three seats in solid walnut.',
  price: '125000.00',
  stock: 4,
  category: 'Sofas',
  is_featured: true,
  is_on_sale: false,
  average_rating: 0,
  review_count: 0,
  images: [image(11), image(12)],
  created_at: '2026-01-01T00:00:00.000Z',
  reviews: [],
}

const page = <T,>(results: T[]): Paginated<T> => ({
  count: results.length,
  next: null,
  previous: null,
  results,
})

function serve(product: ProductDetail | Error = sofa) {
  vi.mocked(api.get).mockImplementation(async (path: string) => {
    if (path === '/api/categories/')
      return page([
        { id: 1, name: 'Chairs' },
        { id: 2, name: 'Sofas' },
      ])
    if (path === '/api/products/7/') {
      if (product instanceof Error) throw product
      return product
    }
    if (path === '/api/products/') return page<Product>([sofa])
    throw new Error(`unexpected GET ${path}`)
  })
}

const routes = (
  <>
    <Route path="/adminuser/products" element={<ProductListPage />} />
    <Route path="/adminuser/products/new" element={<ProductFormPage />} />
    <Route path="/adminuser/products/edit/:productId" element={<ProductFormPage />} />
  </>
)

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
    serve()
    const user = userEvent.setup()
    renderAt('/adminuser/products/new', routes)

    expect(screen.getByRole('heading', { name: 'Create New Product' })).toBeInTheDocument()
    expect(await screen.findByLabelText('Category')).toHaveValue('Chairs')
    expect(screen.getByLabelText('Description')).toHaveAttribute('rows', '5')
    expect(screen.getByLabelText('Price (PKR)')).toHaveAttribute('step', '1')

    await user.click(screen.getByRole('button', { name: 'Create Product' }))

    expect(await screen.findByText('Product name is required.')).toBeInTheDocument()
    expect(screen.getByText('Description is required.')).toBeInTheDocument()
    expect(screen.getByText('Stock must be a whole number.')).toBeInTheDocument()
    expect(upload).not.toHaveBeenCalled()
  })

  it('sends the fields and the picked images as one multipart POST, then returns to the list', async () => {
    serve()
    vi.mocked(upload).mockImplementation(async (_method, _path, _form, onProgress) => {
      onProgress?.(1)
      return { ...sofa, id: 8 }
    })
    const user = userEvent.setup()
    renderAt('/adminuser/products/new', routes)

    await user.type(await screen.findByLabelText('Product Name'), 'Oak Chair')
    await user.type(screen.getByLabelText('Description'), 'A sturdy chair.')
    await user.selectOptions(screen.getByLabelText('Category'), 'Sofas')
    await user.type(screen.getByLabelText('Price (PKR)'), '18500')
    await user.type(screen.getByLabelText('Stock'), '12')
    await user.click(screen.getByLabelText('On Sale'))
    await user.upload(screen.getByLabelText('Drag & drop or click to upload'), [png('a.png'), png('b.png')])

    const previews = within(screen.getByRole('list', { name: 'New images' }))
    expect(previews.getAllByRole('img')).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Create Product' }))

    expect(await screen.findByText('Product created successfully!')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Manage Products' })).toBeInTheDocument()
    const [method, path, form] = vi.mocked(upload).mock.calls[0] ?? []
    expect([method, path]).toEqual(['POST', '/api/products/'])
    expect(Object.fromEntries([...(form as FormData).entries()].filter(([key]) => key !== 'images'))).toEqual(
      {
        name: 'Oak Chair',
        description: 'A sturdy chair.',
        category: 'Sofas',
        price: '18500',
        stock: '12',
        is_featured: 'false',
        is_on_sale: 'true',
      },
    )
    expect((form as FormData).getAll('images').map((file) => (file as File).name)).toEqual(['a.png', 'b.png'])
  })
})

describe('product form, edit mode', () => {
  it('prefills the product and reads Save Changes', async () => {
    serve()
    renderAt('/adminuser/products/edit/7', routes)

    expect(screen.getByRole('heading', { name: 'Edit Product' })).toBeInTheDocument()
    expect(await screen.findByLabelText('Product Name')).toHaveValue('Walnut Sofa')
    expect(screen.getByLabelText('Price (PKR)')).toHaveValue(125000)
    expect(screen.getByLabelText('Category')).toHaveValue('Sofas')
    expect(screen.getByLabelText('Featured Product')).toBeChecked()
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled()
  })

  it('holds an image removal until the update succeeds, then sends one delete-image call', async () => {
    serve()
    vi.mocked(upload).mockResolvedValue(sofa)
    vi.mocked(api.post).mockResolvedValue(undefined)
    const user = userEvent.setup()
    renderAt('/adminuser/products/edit/7', routes)

    await user.click(await screen.findByRole('button', { name: 'Remove image 1' }))
    expect(within(screen.getByRole('list', { name: 'Current images' })).getAllByRole('img')).toHaveLength(1)
    expect(api.post).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument()
    expect(upload).toHaveBeenCalledWith('PUT', '/api/products/7/', expect.any(FormData), expect.any(Function))
    expect(api.post).toHaveBeenCalledTimes(1)
    expect(api.post).toHaveBeenCalledWith('/api/products/7/delete-image/', { image_id: 11 })
    expect(vi.mocked(upload).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(api.post).mock.invocationCallOrder[0] ?? 0,
    )
  })

  it('keeps what was typed and removes nothing when the update fails', async () => {
    serve()
    vi.mocked(upload).mockRejectedValue(new ApiError(400, 'The product form is not valid.'))
    const user = userEvent.setup()
    renderAt('/adminuser/products/edit/7', routes)

    const name = await screen.findByLabelText('Product Name')
    await user.clear(name)
    await user.type(name, 'Walnut Sofa XL')
    await user.click(screen.getByRole('button', { name: 'Remove image 2' }))
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    expect(await screen.findByText('An error occurred. Please check your input.')).toBeInTheDocument()
    expect(screen.queryByText('The product form is not valid.')).not.toBeInTheDocument()
    expect(api.post).not.toHaveBeenCalled()
    expect(screen.getByLabelText('Product Name')).toHaveValue('Walnut Sofa XL')
    expect(screen.getByText(/1 image will be removed when you save/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled()
  })

  it('says so when the product cannot be loaded', async () => {
    serve(new ApiError(404, 'Product not found.'))
    renderAt('/adminuser/products/edit/7', routes)
    expect(await screen.findByText('Failed to load product data.')).toBeInTheDocument()
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
    serve()
    vi.mocked(api.delete).mockResolvedValue(undefined)
    const user = userEvent.setup()
    renderAt('/adminuser/products', routes)

    await user.click(await screen.findByRole('button', { name: 'Delete Walnut Sofa' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Confirm Deletion')).toBeInTheDocument()
    expect(dialog).toHaveTextContent('Walnut Sofa')
    expect(dialog).toHaveTextContent('cannot be undone')
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    expect(await screen.findByText('Product "Walnut Sofa" deleted successfully.')).toBeInTheDocument()
    expect(api.get).toHaveBeenCalledWith('/api/products/', { page: 1, page_size: 100 })
    expect(api.delete).toHaveBeenCalledWith('/api/products/7/')
  })
})
