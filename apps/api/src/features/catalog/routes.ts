import { catalogRoutes, type ProductFilterQuery } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { actorOf } from '../../lib/audit'
import { httpError, notFound } from '../../lib/errors'
import { pageWindow, paginate } from '../../lib/pagination'
import { implement } from '../../lib/route'
import { cacheCatalogueAnswers, recordShown, type Selection, type Shown } from './answer-cache'
import {
  CATEGORIES_SELECTION,
  createCategory,
  deleteCategory,
  findCategoryId,
  listCategories,
  renameCategory,
} from './categories'
import { facetsSelection, listProducts, listSelection, type ProductFilter, productFacets } from './listing'
import { type ImageFiles, type ProductForm, readProductForm, removeImages } from './product-form'
import {
  FEATURED_SELECTION,
  getProduct,
  getProductDetail,
  listFeaturedProducts,
  productExists,
} from './product-reads'
import { createProduct, deleteProduct, deleteProductImage, updateProduct } from './product-writes'

const SHOWCASE_SIZE = 5
// docs/api.md: flash deals are on sale with stock at or below 10.
const FLASH_DEAL_STOCK = 10

const productNotFound = () => notFound('Product not found.')
const categoryNotFound = () => notFound('Category not found.')

/** The list's and the facets' query as the service's filter. */
const filterOf = (query: z.output<typeof ProductFilterQuery>): ProductFilter => ({
  search: query.search,
  category: query.category,
  minPrice: query.min_price,
  maxPrice: query.max_price,
  materials: query.material,
  colours: query.colour,
  inStock: query.in_stock === 'true',
})

/** The public reads, answered from the process's catalogue cache once read. */
const cached = { catalogueAnswer: true }

/** A list's rows and how it selects them: the cache keeps it through the changes it does not show. */
const showsList = (selection: Selection, rows: readonly { id: number }[]): Shown => ({
  products: rows.map((row) => row.id),
  selection,
})

export async function catalogFeature(app: FastifyInstance) {
  const { db, storage } = app
  cacheCatalogueAnswers(app)

  /** Files are gone for good once their rows are; a failure to remove one only leaves litter. */
  const discardImages = (images: readonly ImageFiles[]) =>
    removeImages(storage, images).catch((error) =>
      app.log.warn({ err: error }, 'could not remove image files'),
    )

  /** Saves a read form; when the write fails, its freshly stored images are removed. */
  async function saveForm(form: ProductForm, save: (categoryId: number) => Promise<number | null>) {
    try {
      const categoryId = await findCategoryId(db, form.values.category)
      if (!categoryId) {
        throw httpError(400, 'The product form is not valid.', {
          category: [`There is no category named "${form.values.category}".`],
        })
      }
      const id = await save(categoryId)
      if (!id) throw productNotFound()
      return id
    } catch (error) {
      await discardImages(form.images)
      throw error
    }
  }

  implement(
    app,
    catalogRoutes.listCategories,
    async (request) => {
      const page = await listCategories(db, pageWindow(request.query), request.language)
      recordShown(request, { products: [], selection: CATEGORIES_SELECTION })
      return paginate(request, request.query, page.count, page.results)
    },
    cached,
  )

  implement(app, catalogRoutes.createCategory, async (request) =>
    createCategory(db, actorOf(request), request.body, request.language),
  )

  implement(app, catalogRoutes.updateCategory, async (request) => {
    const category = await renameCategory(db, actorOf(request), {
      id: request.params.id,
      body: request.body,
      language: request.language,
    })
    if (!category) throw categoryNotFound()
    return category
  })

  implement(app, catalogRoutes.deleteCategory, async (request) => {
    if (!(await deleteCategory(db, actorOf(request), request.params.id, request.language)))
      throw categoryNotFound()
  })

  const productList = (
    route:
      | typeof catalogRoutes.listNewArrivals
      | typeof catalogRoutes.listFlashDeals
      | typeof catalogRoutes.listSale,
    filter: ProductFilter,
  ) =>
    implement(
      app,
      route,
      async (request) => {
        const page = await listProducts(db, storage, {
          filter,
          window: pageWindow(request.query),
          language: request.language,
        })
        recordShown(request, showsList(listSelection(filter, undefined), page.results))
        return paginate(request, request.query, page.count, page.results)
      },
      cached,
    )
  productList(catalogRoutes.listNewArrivals, {})
  productList(catalogRoutes.listFlashDeals, { onSale: true, maxStock: FLASH_DEAL_STOCK })
  productList(catalogRoutes.listSale, { onSale: true })

  implement(
    app,
    catalogRoutes.listProducts,
    async (request) => {
      const { query } = request
      const filter = filterOf(query)
      const page = await listProducts(db, storage, {
        filter,
        window: pageWindow(query),
        ordering: query.ordering,
        language: request.language,
      })
      recordShown(request, showsList(listSelection(filter, query.ordering), page.results))
      return {
        ...paginate(request, query, page.count, page.results),
        ...(page.partialMatch && { partial_match: page.partialMatch }),
      }
    },
    cached,
  )

  implement(
    app,
    catalogRoutes.facets,
    async (request) => {
      const filter = filterOf(request.query)
      recordShown(request, { products: [], selection: facetsSelection(filter) })
      return productFacets(db, filter, request.language)
    },
    cached,
  )

  implement(
    app,
    catalogRoutes.showcase,
    async (request) => {
      const featured = await listFeaturedProducts(db, storage, SHOWCASE_SIZE, request.language)
      // The newest featured products.
      recordShown(request, showsList(FEATURED_SELECTION, featured))
      return featured
    },
    cached,
  )

  implement(
    app,
    catalogRoutes.getProduct,
    async (request) => {
      const product = await getProductDetail(db, storage, request.params.id, request.language)
      if (!product) throw productNotFound()
      recordShown(request, { products: [product.id] })
      return product
    },
    cached,
  )

  implement(app, catalogRoutes.createProduct, async (request) => {
    const form = await readProductForm(request, storage, app.config.media)
    const id = await saveForm(form, (categoryId) =>
      createProduct(db, actorOf(request), { values: { ...form.values, categoryId }, images: form.images }),
    )
    const product = await getProduct(db, storage, id, request.language)
    if (!product) throw productNotFound()
    return product
  })

  implement(app, catalogRoutes.updateProduct, async (request) => {
    const { id } = request.params
    // Checked first so no upload is processed for a product that is not there.
    if (!(await productExists(db, id))) throw productNotFound()
    const form = await readProductForm(request, storage, app.config.media)
    await saveForm(form, async (categoryId) =>
      (await updateProduct(db, { actor: actorOf(request), notifier: app.notifier }, id, {
        values: { ...form.values, categoryId },
        images: form.images,
      }))
        ? id
        : null,
    )
    const product = await getProduct(db, storage, id, request.language)
    if (!product) throw productNotFound()
    return product
  })

  implement(app, catalogRoutes.deleteProduct, async (request) => {
    const images = await deleteProduct(db, actorOf(request), request.params.id)
    if (!images) throw productNotFound()
    await discardImages(images)
  })

  implement(app, catalogRoutes.deleteImage, async (request) => {
    const image = await deleteProductImage(db, actorOf(request), request.params.id, request.body.image_id)
    if (!image) throw notFound('This product has no such image.')
    await discardImages([image])
  })
}
