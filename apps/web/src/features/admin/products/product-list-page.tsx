import { Trans, useLingui } from '@lingui/react/macro'
import type { Product } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from 'react-bootstrap'
import { Link } from 'react-router'
import { usePageParam } from '../../../components/pager'
import { ProductImage } from '../../../components/product-image'
import { productListQuery, useDeleteProduct } from '../../../data/catalog'
import { formatPrice } from '../../../lib/format'
import { toast } from '../../../lib/toast'
import { useOpenedFromList } from '../common/back-to-list'
import { ListTable, PagedListState } from '../common/list-state'
import { PageHeader } from '../common/page-header'
import { CatalogueCsv } from './catalogue-csv'
import { DeleteProductModal } from './delete-product-modal'

/** docs/product.md §7 and §9: the admin list asks for 100 products a page. */
const PAGE_SIZE = 100

export function ProductListPage() {
  const { t } = useLingui()
  const page = usePageParam()
  const openedFromList = useOpenedFromList()
  const products = useQuery(productListQuery(null, { page, page_size: PAGE_SIZE }))
  const [target, setTarget] = useState<Product | null>(null)
  const removal = useDeleteProduct()

  const remove = (product: Product) =>
    removal.mutate(product.id, {
      onSuccess: () => {
        const name = product.name
        toast.success(t`Product "${name}" deleted successfully.`)
        setTarget(null)
      },
      onError: (error) => {
        console.error('Product delete failed', error)
        toast.error(t`Failed to delete product.`)
      },
    })

  return (
    <>
      <PageHeader
        title={t`Manage Products`}
        subtitle={t`A list of all items in your store catalog.`}
        action={
          <div className="d-flex flex-wrap gap-2">
            <CatalogueCsv />
            <Link to="/adminuser/products/new" className="btn btn-primary">
              <Trans>Add New Product</Trans>
            </Link>
          </div>
        }
      />
      <PagedListState
        query={products}
        page={page}
        pageSize={PAGE_SIZE}
        failure={<Trans>Failed to load products.</Trans>}
        empty={<Trans>No products yet.</Trans>}
      >
        {(results) => (
          <ListTable
            columns={[
              { label: t`Image` },
              { label: t`Name` },
              { label: t`Category`, className: 'd-none d-md-table-cell' },
              { label: t`Price`, className: 'd-none d-md-table-cell' },
              { label: t`Stock`, className: 'd-none d-md-table-cell' },
              { label: t`Actions` },
            ]}
          >
            {results.map((product) => {
              const { name, category, stock } = product
              const price = formatPrice(product.price)
              return (
                <tr key={product.id}>
                  <td>
                    <ProductImage
                      image={product.images[0]}
                      alt={product.name}
                      sizes="80px"
                      className="admin-thumb"
                    />
                  </td>
                  <td>
                    <span className="fw-medium">{product.name}</span>
                    {/* Small screens fold the three narrow columns into the name cell. */}
                    <div className="d-md-none small text-body-secondary">
                      <Trans>
                        {category} · {price} · Stock {stock}
                      </Trans>
                    </div>
                  </td>
                  <td className="d-none d-md-table-cell">{product.category}</td>
                  <td className="d-none d-md-table-cell text-nowrap">{formatPrice(product.price)}</td>
                  <td className="d-none d-md-table-cell">{product.stock}</td>
                  <td>
                    <div className="d-flex flex-column flex-sm-row gap-2">
                      <Link
                        to={`/adminuser/products/edit/${product.id}`}
                        state={openedFromList}
                        className="btn btn-sm btn-outline-primary"
                        aria-label={t`Edit ${name}`}
                      >
                        <Trans>Edit</Trans>
                      </Link>
                      <Button
                        size="sm"
                        variant="outline-danger"
                        onClick={() => setTarget(product)}
                        aria-label={t`Delete ${name}`}
                      >
                        <Trans>Delete</Trans>
                      </Button>
                    </div>
                  </td>
                </tr>
              )
            })}
          </ListTable>
        )}
      </PagedListState>
      <DeleteProductModal
        product={target}
        deleting={removal.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={remove}
      />
    </>
  )
}
