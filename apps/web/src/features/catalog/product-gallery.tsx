import { useLingui } from '@lingui/react/macro'
import { IMAGE_SIZES, type ProductImage as Image } from '@store/contract'
import { useState } from 'react'
import { ProductImage } from '../../components/product-image'

/**
 * docs/product.md §2: a 4:3 picture, thumbnails when there is more than one, the placeholder when there is
 * none.
 */
export function ProductGallery({ images, name }: { images: Image[]; name: string }) {
  const { t } = useLingui()
  const [selected, setSelected] = useState(0)
  const count = images.length
  const shown = selected + 1
  const current = images[Math.min(selected, images.length - 1)]
  return (
    <div className="gallery">
      <div className="ratio ratio-4x3 gallery-main">
        <ProductImage
          image={current}
          alt={count > 1 ? t`${name}, picture ${shown} of ${count}` : name}
          sizes={IMAGE_SIZES.gallery}
          lazy={false}
          priority
        />
      </div>
      {images.length > 1 && (
        <ul className="gallery-thumbs">
          {images.map((image, index) => {
            const position = index + 1
            return (
              <li key={image.id}>
                <button
                  type="button"
                  className={index === selected ? 'gallery-thumb active' : 'gallery-thumb'}
                  aria-pressed={index === selected}
                  aria-label={t`Show picture ${position} of ${count}`}
                  onClick={() => setSelected(index)}
                >
                  <span className="ratio ratio-4x3">
                    <ProductImage image={image} alt="" sizes="96px" />
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
