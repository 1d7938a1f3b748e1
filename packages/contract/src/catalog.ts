import { z } from 'zod'
import {
  BodyId,
  IdParams,
  Money,
  MoneyInput,
  multilineText,
  PageQuery,
  Paginated,
  type RouteSpec,
  Timestamp,
  text,
} from './common'
import { paths } from './paths'
import { Review } from './reviews'

export const Category = z.object({ id: z.number().int(), name: z.string() })
export type Category = z.infer<typeof Category>

export const ProductImage = z.object({
  id: z.number().int(),
  image_url: z.string(),
  /** Addition: the same picture in several widths, for `srcset` */
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
})
export type ProductImage = z.infer<typeof ProductImage>

export const Product = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: Money,
  stock: z.number().int(),
  category: z.string(),
  is_featured: z.boolean(),
  is_on_sale: z.boolean(),
  average_rating: z.number(),
  review_count: z.number().int(),
  images: z.array(ProductImage),
  created_at: Timestamp,
})
export type Product = z.infer<typeof Product>

export const ProductDetail = Product.extend({ reviews: z.array(Review) })
export type ProductDetail = z.infer<typeof ProductDetail>

export const ProductListQuery = PageQuery.extend({
  search: text().max(200).optional(),
  category: text().max(100).optional(),
})
export type ProductListQuery = z.infer<typeof ProductListQuery>

/**
 * Set only when no product holds every word of `search`: the results are the products holding the
 * most of its words (`words_matched` of `words_total`, each word maybe with a slip), best match first.
 */
export const PartialMatch = z.object({ words_matched: z.number().int(), words_total: z.number().int() })
export type PartialMatch = z.infer<typeof PartialMatch>

export const ProductListPage = Paginated(Product).extend({ partial_match: PartialMatch.optional() })
export type ProductListPage = z.infer<typeof ProductListPage>

const FormBoolean = z.preprocess(
  (value) => (value === 'true' || value === 'on' ? true : value === 'false' ? false : value),
  z.boolean(),
)

/** Product create/update fields: multipart text fields on the server, the product form in the web app. */
export const ProductFormBody = z.strictObject({
  name: text().trim().min(1, 'Product name is required.').max(200),
  description: multilineText().trim().min(1, 'Description is required.').max(5000),
  category: text().trim().min(1, 'Category is required.').max(100),
  price: MoneyInput,
  // A form field is text: it is checked as text before it is read as a number.
  stock: text({ error: 'Stock must be a whole number.' }).pipe(
    z.coerce
      .number<string>({ error: 'Stock must be a whole number.' })
      .int('Stock must be a whole number.')
      .min(0, 'Stock cannot be negative.')
      .max(1_000_000),
  ),
  is_featured: FormBoolean.default(false),
  is_on_sale: FormBoolean.default(false),
})
export type ProductFormBody = z.input<typeof ProductFormBody>
export type ProductFormValues = z.output<typeof ProductFormBody>

export const DeleteImageBody = z.strictObject({ image_id: BodyId })
export type DeleteImageBody = z.infer<typeof DeleteImageBody>

/** Upload limits of API.md */
export const IMAGE_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  maxFiles: 10,
  maxPixels: 40_000_000,
  acceptedTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
} as const

export const catalogRoutes = {
  listCategories: {
    ...paths.catalog.listCategories,
    access: 'anyone',
    summary: 'Categories',
    query: PageQuery,
    status: 200,
    response: Paginated(Category),
  },
  listProducts: {
    ...paths.catalog.listProducts,
    access: 'anyone',
    summary: 'Products, searchable and filterable by category',
    query: ProductListQuery,
    status: 200,
    response: ProductListPage,
  },
  listNewArrivals: {
    ...paths.catalog.listNewArrivals,
    access: 'anyone',
    summary: 'Newest products first',
    query: PageQuery,
    status: 200,
    response: Paginated(Product),
  },
  listFlashDeals: {
    ...paths.catalog.listFlashDeals,
    access: 'anyone',
    summary: 'On sale with stock at or below 10',
    query: PageQuery,
    status: 200,
    response: Paginated(Product),
  },
  listSale: {
    ...paths.catalog.listSale,
    access: 'anyone',
    summary: 'On sale',
    query: PageQuery,
    status: 200,
    response: Paginated(Product),
  },
  showcase: {
    ...paths.catalog.showcase,
    access: 'anyone',
    summary: 'Featured products (at most 5)',
    status: 200,
    response: z.array(Product),
  },
  getProduct: {
    ...paths.catalog.getProduct,
    access: 'anyone',
    summary: 'One product with its reviews',
    params: IdParams,
    status: 200,
    response: ProductDetail,
  },
  createProduct: {
    ...paths.catalog.createProduct,
    access: 'staff',
    summary: 'Create a product (multipart, repeated `images` files)',
    body: ProductFormBody,
    multipart: true,
    status: 201,
    response: Product,
  },
  updateProduct: {
    ...paths.catalog.updateProduct,
    access: 'staff',
    summary: 'Update a product (multipart); new `images` are added',
    params: IdParams,
    body: ProductFormBody,
    multipart: true,
    status: 200,
    response: Product,
  },
  deleteProduct: {
    ...paths.catalog.deleteProduct,
    access: 'staff',
    summary: 'Delete a product; orders keep their snapshots',
    params: IdParams,
    status: 204,
    response: null,
  },
  deleteImage: {
    ...paths.catalog.deleteImage,
    access: 'staff',
    summary: 'Remove one image of a product',
    params: IdParams,
    body: DeleteImageBody,
    status: 204,
    response: null,
  },
} as const satisfies Record<string, RouteSpec>
