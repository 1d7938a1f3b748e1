import type { Category, Paginated, Product, ProductDetail, ProductFormValues } from '@store/contract'
import { api, upload } from '../../../lib/api'

/** SPEC §7 and §9: the admin list asks for 100 products a page. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 100

export const productKeys = {
  all: ['admin', 'products'] as const,
  list: (page: number) => [...productKeys.all, 'list', page] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
  categories: () => [...productKeys.all, 'categories'] as const,
}

export function listProducts(page: number): Promise<Paginated<Product>> {
  return api.get('/api/products/', { page, page_size: ADMIN_PRODUCTS_PAGE_SIZE })
}

export function getProduct(id: number): Promise<ProductDetail> {
  return api.get(`/api/products/${id}/`)
}

export async function listCategoryNames(): Promise<string[]> {
  const page = await api.get<Paginated<Category>>('/api/categories/', { page_size: 100 })
  return page.results.map((category) => category.name)
}

export function deleteProduct(id: number): Promise<void> {
  return api.delete(`/api/products/${id}/`)
}

export function deleteProductImage(productId: number, imageId: number): Promise<void> {
  return api.post(`/api/products/${productId}/delete-image/`, { image_id: imageId })
}

/** API.md: create (POST) or update (PUT) as multipart, the new pictures as repeated `images` files. */
export function saveProduct(
  productId: number | undefined,
  values: ProductFormValues,
  images: File[],
  onProgress: (fraction: number) => void,
): Promise<Product> {
  const form = new FormData()
  form.set('name', values.name)
  form.set('description', values.description)
  form.set('category', values.category)
  form.set('price', values.price)
  form.set('stock', String(values.stock))
  form.set('is_featured', String(values.is_featured))
  form.set('is_on_sale', String(values.is_on_sale))
  for (const image of images) form.append('images', image)
  return productId === undefined
    ? upload('POST', '/api/products/', form, onProgress)
    : upload('PUT', `/api/products/${productId}/`, form, onProgress)
}
