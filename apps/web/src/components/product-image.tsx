import type { ProductImage as Image } from '@store/contract'
import placeholder from '../assets/placeholder.svg'

/** docs/product.md §9: the stand-in picture when a product has none. */
export const PLACEHOLDER = { src: placeholder, width: 600, height: 400 }

interface ProductImageProps {
  image?: Pick<Image, 'image_url'> & Partial<Pick<Image, 'srcset' | 'width' | 'height'>>
  alt: string
  /** The width the picture takes on screen, for the browser's choice among the srcset widths */
  sizes?: string
  /** Pictures below the fold wait until they are about to scroll into view */
  lazy?: boolean
  /** The page's largest picture (its LCP): fetched first, ahead of scripts and other pictures */
  priority?: boolean
  className?: string
}

/** A product picture from the API's several widths, or the placeholder; always with its size set, so nothing jumps. */
export function ProductImage({
  image,
  alt,
  sizes,
  lazy = true,
  priority = false,
  className,
}: ProductImageProps) {
  const loading = lazy && !priority ? 'lazy' : 'eager'
  const fetchPriority = priority ? 'high' : undefined
  if (!image) {
    return (
      <img
        src={PLACEHOLDER.src}
        width={PLACEHOLDER.width}
        height={PLACEHOLDER.height}
        alt={alt}
        loading={loading}
        fetchPriority={fetchPriority}
        className={className}
      />
    )
  }
  return (
    <img
      src={image.image_url}
      srcSet={image.srcset || undefined}
      sizes={image.srcset ? sizes : undefined}
      width={image.width ?? PLACEHOLDER.width}
      height={image.height ?? PLACEHOLDER.height}
      alt={alt}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      className={className}
    />
  )
}
