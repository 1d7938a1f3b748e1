import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { IMAGE_LIMITS, type ProductImage } from '@store/contract'
import { type DragEvent, useEffect, useId, useState } from 'react'
import { Button } from 'react-bootstrap'
import { i18n } from '../../../lib/i18n'
import { toast } from '../../../lib/toast'

export interface PendingImage {
  key: number
  file: File
}

const ACCEPT = IMAGE_LIMITS.acceptedTypes.join(',')
const MAX_MB = IMAGE_LIMITS.maxFileBytes / (1024 * 1024)

/** Keeps the files the server will take (docs/api.md limits); says which ones were left out. */
export function acceptImages(files: File[], alreadyPicked: number): File[] {
  const types: readonly string[] = IMAGE_LIMITS.acceptedTypes
  const room = Math.max(0, IMAGE_LIMITS.maxFiles - alreadyPicked)
  const fitting = files.filter((file) => types.includes(file.type) && file.size <= IMAGE_LIMITS.maxFileBytes)
  const taken = fitting.slice(0, room)
  const skipped = files.filter((file) => !taken.includes(file))
  if (skipped.length > 0) {
    const names = skipped.map((file) => file.name).join(', ')
    const maxFiles = IMAGE_LIMITS.maxFiles
    toast.error(
      i18n._(
        msg`Skipped ${names}: up to ${maxFiles} JPEG, PNG, WebP, GIF or AVIF images of at most ${MAX_MB} MB each.`,
      ),
    )
  }
  return taken
}

function RemoveButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Button variant="danger" size="sm" className="admin-image-remove" aria-label={label} onClick={onClick}>
      ×
    </Button>
  )
}

/** A preview of a picked file; its object URL is released when the preview goes. */
function PendingPreview({ image, onRemove }: { image: PendingImage; onRemove(): void }) {
  const { t } = useLingui()
  const [url, setUrl] = useState<string>()
  const fileName = image.file.name
  useEffect(() => {
    const objectUrl = URL.createObjectURL(image.file)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [image.file])
  return (
    <li className="admin-image-tile">
      {url && <img src={url} alt={image.file.name} />}
      <RemoveButton label={t`Remove new image ${fileName}`} onClick={onRemove} />
    </li>
  )
}

interface ImageManagerProps {
  /** For the alt text of the saved images */
  productName: string
  /** The product's images on the server, minus those marked for removal */
  existing: ProductImage[]
  onRemoveExisting(id: number): void
  pending: PendingImage[]
  onAdd(files: File[]): void
  onRemovePending(key: number): void
}

/**
 * docs/product.md §2: the product's images with remove buttons, and a drop zone for new ones with previews.
 */
export function ImageManager({
  productName,
  existing,
  onRemoveExisting,
  pending,
  onAdd,
  onRemovePending,
}: ImageManagerProps) {
  const { t } = useLingui()
  const [dragging, setDragging] = useState(false)
  const hintId = useId()
  const maxFiles = IMAGE_LIMITS.maxFiles

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault()
    setDragging(false)
    onAdd(Array.from(event.dataTransfer.files))
  }

  return (
    <>
      {existing.length > 0 && (
        <ul className="admin-image-grid mb-3" aria-label={t`Current images`}>
          {existing.map((image, index) => {
            const place = index + 1
            return (
              <li key={image.id} className="admin-image-tile">
                <img src={image.image_url} alt={`${productName} (${place})`} />
                <RemoveButton label={t`Remove image ${place}`} onClick={() => onRemoveExisting(image.id)} />
              </li>
            )
          })}
        </ul>
      )}
      <label
        className={`admin-dropzone${dragging ? ' is-dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          type="file"
          className="visually-hidden"
          accept={ACCEPT}
          multiple
          aria-label={t`Drag & drop or click to upload`}
          aria-describedby={hintId}
          onChange={(event) => {
            onAdd(Array.from(event.target.files ?? []))
            // Lets the same file be picked again after its preview was removed.
            event.target.value = ''
          }}
        />
        <span className="fw-medium">
          <Trans>Drag & drop or click to upload</Trans>
        </span>
        <span id={hintId} className="small text-body-secondary">
          <Trans>
            JPEG, PNG, WebP, GIF or AVIF · up to {MAX_MB} MB each · {maxFiles} per save
          </Trans>
        </span>
      </label>
      {pending.length > 0 && (
        <ul className="admin-image-grid mt-3" aria-label={t`New images`}>
          {pending.map((image) => (
            <PendingPreview key={image.key} image={image} onRemove={() => onRemovePending(image.key)} />
          ))}
        </ul>
      )}
    </>
  )
}
