import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Product } from '@store/contract'
import { currentLanguage } from '../../lib/i18n'

/** Measures keep the Latin digits of prices in Urdu too (docs/decisions.md, "Languages"). */
const measureIn = (language: string) =>
  new Intl.NumberFormat(language === 'ur' ? 'ur-PK-u-nu-latn' : 'en-PK', { maximumFractionDigits: 1 })

/** The piece's measurements and make, for a shopper checking it fits the room and the door. */
export function ProductSpecs({ product }: { product: Product }) {
  const { i18n } = useLingui()
  const measure = measureIn(currentLanguage())
  const rows: [string, string][] = []
  const { dimensions } = product
  if (dimensions) {
    const width = measure.format(dimensions.width_cm)
    const depth = measure.format(dimensions.depth_cm)
    const height = measure.format(dimensions.height_cm)
    rows.push([i18n._(msg`Dimensions (W × D × H)`), i18n._(msg`${width} × ${depth} × ${height} cm`)])
  }
  if (product.weight_kg !== null) {
    const weight = measure.format(product.weight_kg)
    rows.push([i18n._(msg`Weight`), i18n._(msg`${weight} kg`)])
  }
  if (product.material) rows.push([i18n._(msg`Material`), product.material])
  if (product.colour) rows.push([i18n._(msg`Colour`), product.colour])
  if (product.lead_time_days > 0) {
    const days = product.lead_time_days
    rows.push([
      i18n._(msg`Made to order`),
      i18n._(msg`Ships in ${plural(days, { one: '# day', other: '# days' })}`),
    ])
  }
  if (rows.length === 0) return null
  return (
    <section className="product-specs" aria-labelledby="specs-heading">
      <h2 id="specs-heading" className="h5">
        <Trans>Specifications</Trans>
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
