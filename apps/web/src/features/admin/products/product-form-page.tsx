import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Alert } from 'react-bootstrap'
import { Link, useParams } from 'react-router'
import { Loading } from '../../../components/loading'
import { categoriesQuery, productQuery } from '../../../data/catalog'
import { HistoryLink } from '../common/history-link'
import { PageHeader } from '../common/page-header'
import { ProductForm } from './product-form'

const useCategoryNames = () =>
  useQuery({ ...categoriesQuery(), select: (categories) => categories.map((category) => category.name) })

function Frame({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <div className="admin-narrow">
      <Link to="/adminuser/products" className="d-inline-block mb-3">
        ← Back to Products List
      </Link>
      <PageHeader title={title} action={action} />
      {children}
    </div>
  )
}

function CreateProduct() {
  const categories = useCategoryNames()
  return (
    <Frame title="Create New Product">
      {categories.isError ? (
        <Alert variant="danger">Failed to load product data.</Alert>
      ) : categories.data ? (
        <ProductForm categories={categories.data} />
      ) : (
        <Loading />
      )}
    </Frame>
  )
}

function EditProduct({ productId }: { productId: number }) {
  const categories = useCategoryNames()
  // Staff edit what the server holds now, not the shop's cached copy (options may have changed).
  const product = useQuery({ ...productQuery(productId), refetchOnMount: 'always' })
  return (
    <Frame
      title="Edit Product"
      action={<HistoryLink entity="product" id={productId} label="History of this product" />}
    >
      {categories.isError || product.isError ? (
        <Alert variant="danger">Failed to load product data.</Alert>
      ) : categories.data && product.data && product.isFetchedAfterMount ? (
        <ProductForm categories={categories.data} product={product.data} />
      ) : (
        <Loading />
      )}
    </Frame>
  )
}

/** SPEC §4: create mode without a productId, edit mode with one. */
export function ProductFormPage() {
  const { productId } = useParams()
  return productId === undefined ? (
    <CreateProduct />
  ) : (
    <EditProduct key={productId} productId={Number(productId)} />
  )
}
