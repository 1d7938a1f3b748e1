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
import { PRODUCT_ORDERINGS } from './pages'
import { paths } from './paths'
import { Review } from './reviews'

export const Category = z.object({
  id: z.number().int(),
  /** In the reader's language: the Urdu name for `?lang=ur` when there is one */
  name: z.string(),
  /** The Urdu name staff gave it; empty when none */
  name_ur: z.string(),
  /** The name in URL form; it follows a rename */
  slug: z.string(),
  product_count: z.number().int(),
})
export type Category = z.infer<typeof Category>

/** Staff create or rename a category (docs/api.md "Furniture catalogue"). */
export const CategoryBody = z.strictObject({
  name: text()
    .trim()
    .min(1, 'Category name is required.')
    .max(100, 'A category name is at most 100 characters.'),
  name_ur: text().trim().max(100, 'A category name is at most 100 characters.').default(''),
})
export type CategoryBody = z.infer<typeof CategoryBody>

export const OptionValue = z.object({
  id: z.number().int(),
  label: z.string(),
  /** Added to the product's price when chosen; may be "0.00" or negative */
  price_delta: Money,
})
export type OptionValue = z.infer<typeof OptionValue>

/** One choice a shopper makes for a product (e.g. Fabric), its values in display order. */
export const ProductOption = z.object({
  id: z.number().int(),
  name: z.string(),
  values: z.array(OptionValue),
})
export type ProductOption = z.infer<typeof ProductOption>

export const Dimensions = z.object({ width_cm: z.number(), depth_cm: z.number(), height_cm: z.number() })
export type Dimensions = z.infer<typeof Dimensions>

/** A chosen option as a cart line, order item or inquiry shows it: the labels, not ids. */
export const ChosenOption = z.object({ name: z.string(), value: z.string() })
export type ChosenOption = z.infer<typeof ChosenOption>

/** The shopper's choices: option id → value id, every option of the product chosen once. */
export const OptionChoices = z.record(
  z.string().regex(/^\d{1,10}$/, 'An option is named by its id.'),
  z.number().int().positive().max(2_147_483_647),
)
export type OptionChoices = z.infer<typeof OptionChoices>

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
  /** The store's own code for the piece, unique; spreadsheets match products by it */
  sku: z.string(),
  /** In the reader's language: the Urdu text for `?lang=ur` when there is one (docs/api.md "Languages") */
  name: z.string(),
  description: z.string(),
  /** The Urdu texts staff gave it; empty when none */
  name_ur: z.string(),
  description_ur: z.string(),
  price: Money,
  stock: z.number().int(),
  category: z.string(),
  is_featured: z.boolean(),
  is_on_sale: z.boolean(),
  average_rating: z.number(),
  review_count: z.number().int(),
  images: z.array(ProductImage),
  created_at: Timestamp,
  category_id: z.number().int(),
  options: z.array(ProductOption),
  dimensions: Dimensions.nullable(),
  weight_kg: z.number().nullable(),
  material: z.string().nullable(),
  colour: z.string().nullable(),
  /** 0 ships from stock; above 0 the piece is made to order and can be ordered at stock 0 */
  lead_time_days: z.number().int(),
  /** Percent of this piece's price paid ahead, over the store's rules; null: the store's rules decide */
  advance_percent: z.number().int().nullable(),
  /** Staff are told when stock falls to this; null: the store's default */
  low_stock_threshold: z.number().int().nullable(),
})
export type Product = z.infer<typeof Product>

export const ProductDetail = Product.extend({ reviews: z.array(Review) })
export type ProductDetail = z.infer<typeof ProductDetail>

/** A query parameter that may repeat (`?material=Oak&material=Teak`), always read as a list. */
const Repeated = z
  .union([text().max(100), z.array(text().max(100)).max(20)])
  .transform((value) => (Array.isArray(value) ? value : [value]))

export type ProductOrdering = (typeof PRODUCT_ORDERINGS)[number]

/** The catalogue's filters, shared by the product list and its facets. */
export const ProductFilterQuery = z.object({
  search: text().max(200).optional(),
  category: text().max(100).optional(),
  min_price: MoneyInput.optional(),
  max_price: MoneyInput.optional(),
  material: Repeated.optional(),
  colour: Repeated.optional(),
  in_stock: z.enum(['true', 'false']).optional(),
})
export type ProductFilterQuery = z.input<typeof ProductFilterQuery>

export const ProductListQuery = PageQuery.extend(ProductFilterQuery.shape).extend({
  /** Default: newest first, or best match when searching */
  ordering: z.enum(PRODUCT_ORDERINGS).optional(),
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

const FacetCount = z.object({ value: z.string(), count: z.number().int() })

/** For the products matching every other filter: how many fall under each choice (docs/api.md). */
export const ProductFacets = z.object({
  categories: z.array(z.object({ name: z.string(), count: z.number().int() })),
  materials: z.array(FacetCount),
  colours: z.array(FacetCount),
  price: z.object({ min: Money, max: Money }),
  in_stock: z.number().int(),
})
export type ProductFacets = z.infer<typeof ProductFacets>

/** A form number that may be left empty (null), e.g. a dimension not measured yet: checked as text first. */
const OptionalMeasure = (label: string) =>
  text({ error: `${label} must be a number.` })
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? null : value))
    .pipe(
      z.coerce
        .number<string>({ error: `${label} must be a number.` })
        .positive(`${label} must be above 0.`)
        .max(100_000, `${label} is too large.`)
        .nullable(),
    )

const OptionalText = (label: string) =>
  text()
    .trim()
    .max(60, `${label} is at most 60 characters.`)
    .optional()
    .transform((value) => (value ? value : null))

/** A signed amount with at most two decimals, e.g. "-30000" or "4000.50". */
const PriceDelta = z
  .union([text(), z.number()])
  .transform(String)
  .pipe(
    z
      .string()
      .trim()
      .regex(/^-?\d{1,10}(\.\d{1,2})?$/, 'Enter a price change such as 4000 or -30000.'),
  )

/** The options editor's output: ordered options, each with ordered values and their price change. */
export const OptionsInput = z
  .array(
    z.strictObject({
      id: z.number().int().positive().optional(),
      name: text().trim().min(1, 'Every option needs a name.').max(60),
      values: z
        .array(
          z.strictObject({
            id: z.number().int().positive().optional(),
            label: text().trim().min(1, 'Every value needs a label.').max(60),
            price_delta: PriceDelta,
          }),
        )
        .min(1, 'Every option needs at least one value.')
        .max(30),
    }),
  )
  .max(10)
  .refine((options) => new Set(options.map((option) => option.name.toLowerCase())).size === options.length, {
    message: 'Two options have the same name.',
  })
export type OptionsInput = z.input<typeof OptionsInput>

const FormBoolean = z.preprocess(
  (value) => (value === 'true' || value === 'on' ? true : value === 'false' ? false : value),
  z.boolean(),
)

/** A form's optional whole number from 0 to `max`: left empty, it is null (the store's rule applies). */
const OptionalWholeNumber = (message: string, max: number) =>
  text({ error: message })
    .trim()
    .default('')
    .pipe(
      z.union([
        z.literal('').transform(() => null),
        z.coerce.number<string>({ error: message }).int(message).min(0, message).max(max, message),
      ]),
    )

const SKU_RULE = 'A code (SKU) is 1 to 40 letters, digits, dots, dashes or underscores.'

/**
 * A store's code for a product, as a form or a spreadsheet gives it; kept in capitals, so `cl-000001`
 * typed in a file is the product `CL-000001` and not a second one.
 */
export const Sku = z
  .string({ error: SKU_RULE })
  .max(40, SKU_RULE)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, SKU_RULE)
  .transform((sku) => sku.toUpperCase())

/** Product create/update fields: multipart text fields on the server, the product form in the web app. */
export const ProductFormBody = z
  .strictObject({
    /** Left empty on create, the store numbers it (`CL-000042`); left empty on update, it stays */
    sku: text({ error: SKU_RULE })
      .trim()
      .optional()
      .transform((sku) => sku || undefined)
      .pipe(Sku.optional()),
    name: text().trim().min(1, 'Product name is required.').max(200),
    description: multilineText().trim().min(1, 'Description is required.').max(5000),
    name_ur: text().trim().max(200).default(''),
    description_ur: multilineText().trim().max(5000).default(''),
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
    width_cm: OptionalMeasure('Width'),
    depth_cm: OptionalMeasure('Depth'),
    height_cm: OptionalMeasure('Height'),
    weight_kg: OptionalMeasure('Weight'),
    material: OptionalText('Material'),
    colour: OptionalText('Colour'),
    lead_time_days: text({ error: 'Lead time must be a whole number of days.' })
      .default('0')
      .pipe(
        z.coerce
          .number<string>({ error: 'Lead time must be a whole number of days.' })
          .int('Lead time must be a whole number of days.')
          .min(0, 'Lead time cannot be negative.')
          .max(365, 'Lead time is at most 365 days.'),
      ),
    advance_percent: OptionalWholeNumber('The advance is a whole number from 0 to 100.', 100),
    low_stock_threshold: OptionalWholeNumber('The threshold is a whole number from 0 to 10,000.', 10_000),
    /** The options as one JSON text field: replaces the product's options (values keep their id when sent) */
    options: text()
      .max(50_000)
      .default('[]')
      .transform((json, context) => {
        try {
          return JSON.parse(json) as unknown
        } catch {
          context.addIssue({ code: 'custom', message: 'Options must be JSON.' })
          return z.NEVER
        }
      })
      .pipe(OptionsInput),
  })
  .refine(
    (form) => {
      const given = [form.width_cm, form.depth_cm, form.height_cm].filter((measure) => measure !== null)
      return given.length === 0 || given.length === 3
    },
    { message: 'Give width, depth and height together, or none of them.', path: ['width_cm'] },
  )
export type ProductFormBody = z.input<typeof ProductFormBody>
export type ProductFormValues = z.output<typeof ProductFormBody>

export const DeleteImageBody = z.strictObject({ image_id: BodyId })
export type DeleteImageBody = z.infer<typeof DeleteImageBody>

/** Upload limits of docs/api.md */
export const IMAGE_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  maxFiles: 10,
  maxPixels: 40_000_000,
  acceptedTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
} as const

export const catalogRoutes = {
  createCategory: {
    ...paths.catalog.createCategory,
    access: { staff: 'catalogue' },
    summary: 'Create a category',
    body: CategoryBody,
    status: 201,
    response: Category,
  },
  updateCategory: {
    ...paths.catalog.updateCategory,
    access: { staff: 'catalogue' },
    summary: 'Rename a category (its slug follows)',
    params: IdParams,
    body: CategoryBody,
    status: 200,
    response: Category,
  },
  deleteCategory: {
    ...paths.catalog.deleteCategory,
    access: { staff: 'catalogue' },
    summary: 'Delete a category; 409 while products use it',
    params: IdParams,
    status: 204,
    response: null,
  },
  facets: {
    ...paths.catalog.facets,
    access: 'anyone',
    summary: 'Counts per category, material, colour, stock and the price range, for the other filters',
    query: ProductFilterQuery,
    status: 200,
    response: ProductFacets,
  },
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
    access: { staff: 'catalogue' },
    summary: 'Create a product (multipart, repeated `images` files)',
    body: ProductFormBody,
    multipart: true,
    status: 201,
    response: Product,
  },
  updateProduct: {
    ...paths.catalog.updateProduct,
    access: { staff: 'catalogue' },
    summary: 'Update a product (multipart); new `images` are added',
    params: IdParams,
    body: ProductFormBody,
    multipart: true,
    status: 200,
    response: Product,
  },
  deleteProduct: {
    ...paths.catalog.deleteProduct,
    access: { staff: 'catalogue' },
    summary: 'Delete a product; orders keep their snapshots',
    params: IdParams,
    status: 204,
    response: null,
  },
  deleteImage: {
    ...paths.catalog.deleteImage,
    access: { staff: 'catalogue' },
    summary: 'Remove one image of a product',
    params: IdParams,
    body: DeleteImageBody,
    status: 204,
    response: null,
  },
} as const satisfies Record<string, RouteSpec>
