import type { Product } from '@store/contract'

const measure = new Intl.NumberFormat('en-PK', { maximumFractionDigits: 1 })

export const daysText = (days: number) => (days === 1 ? '1 day' : `${days} days`)

/** The piece's measurements and make, for a shopper checking it fits the room and the door. */
export function ProductSpecs({ product }: { product: Product }) {
  const rows: [string, string][] = []
  const { dimensions } = product
  if (dimensions) {
    rows.push([
      'Dimensions (W × D × H)',
      `${measure.format(dimensions.width_cm)} × ${measure.format(dimensions.depth_cm)} × ${measure.format(dimensions.height_cm)} cm`,
    ])
  }
  if (product.weight_kg !== null) rows.push(['Weight', `${measure.format(product.weight_kg)} kg`])
  if (product.material) rows.push(['Material', product.material])
  if (product.colour) rows.push(['Colour', product.colour])
  if (product.lead_time_days > 0) rows.push(['Made to order', `Ships in ${daysText(product.lead_time_days)}`])
  if (rows.length === 0) return null
  return (
    <section className="product-specs" aria-labelledby="specs-heading">
      <h2 id="specs-heading" className="h5">
        Specifications
      </h2>
      <table className="table table-sm mb-0">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
