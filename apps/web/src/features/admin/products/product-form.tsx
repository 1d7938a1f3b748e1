import { zodResolver } from '@hookform/resolvers/zod'
import {
  OptionsInput,
  type ProductDetail,
  type ProductFormBody,
  ProductFormBody as ProductFormSchema,
  type ProductFormValues,
} from '@store/contract'
import { useRef, useState } from 'react'
import { Button, Card, Col, Form, ProgressBar, Row, Spinner } from 'react-bootstrap'
import { useForm, useWatch } from 'react-hook-form'
import toast from 'react-hot-toast'
import { useNavigate } from 'react-router'
import { ImageRemovalFailed, useSaveProduct } from '../../../data/catalog'
import { acceptImages, ImageManager, type PendingImage } from './image-manager'
import { type EditedOption, editableOptions, OptionsEditor, optionsPayload } from './options-editor'

/** SPEC §8, word for word */
export const SAVE_FAILED = 'An error occurred. Please check your input.'

interface ProductFormProps {
  categories: string[]
  /** Absent in create mode */
  product?: ProductDetail
}

function initialValues(categories: string[], product: ProductDetail | undefined): ProductFormBody {
  if (!product) {
    // SPEC §5: in create mode the first category name is the default.
    return {
      name: '',
      description: '',
      category: categories[0] ?? '',
      price: '',
      stock: '',
      is_featured: false,
      is_on_sale: false,
      width_cm: '',
      depth_cm: '',
      height_cm: '',
      weight_kg: '',
      material: '',
      colour: '',
      lead_time_days: '0',
    }
  }
  const text = (value: number | string | null) => (value === null ? '' : String(value))
  return {
    name: product.name,
    description: product.description,
    category: product.category,
    price: String(Number(product.price)),
    stock: String(product.stock),
    is_featured: product.is_featured,
    is_on_sale: product.is_on_sale,
    width_cm: text(product.dimensions?.width_cm ?? null),
    depth_cm: text(product.dimensions?.depth_cm ?? null),
    height_cm: text(product.dimensions?.height_cm ?? null),
    weight_kg: text(product.weight_kg),
    material: text(product.material),
    colour: text(product.colour),
    lead_time_days: String(product.lead_time_days),
  }
}

/** The checked values back as multipart text (API.md): empty for "not given", options as JSON. */
function formFields(values: ProductFormValues, options: EditedOption[]): ProductFormBody {
  const text = (value: number | string | null) => (value === null ? '' : String(value))
  return {
    ...values,
    // Multipart fields are text (API.md): the checked numbers go back as the digits they were.
    stock: String(values.stock),
    lead_time_days: String(values.lead_time_days),
    width_cm: text(values.width_cm),
    depth_cm: text(values.depth_cm),
    height_cm: text(values.height_cm),
    weight_kg: text(values.weight_kg),
    material: text(values.material),
    colour: text(values.colour),
    options: JSON.stringify(optionsPayload(options)),
  }
}

const TEXT_DETAILS = [
  { name: 'material', label: 'Material', placeholder: 'Sheesham wood' },
  { name: 'colour', label: 'Colour', placeholder: 'Walnut brown' },
] as const

const DETAIL_FIELDS = [
  { name: 'width_cm', label: 'Width (cm)' },
  { name: 'depth_cm', label: 'Depth (cm)' },
  { name: 'height_cm', label: 'Height (cm)' },
  { name: 'weight_kg', label: 'Weight (kg)' },
] as const

/** An empty number box is "not given", not 0 (which a plain coercion would make of it). */
const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value)

export function ProductForm({ categories, product }: ProductFormProps) {
  const editing = product !== undefined
  const navigate = useNavigate()
  const saveProduct = useSaveProduct()
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormBody, unknown, ProductFormValues>({
    resolver: zodResolver(ProductFormSchema),
    defaultValues: initialValues(categories, product),
  })
  const basePrice = useWatch({ control, name: 'price' })
  const [productOptions, setProductOptions] = useState(() => editableOptions(product?.options ?? []))
  const [optionsError, setOptionsError] = useState<string>()
  // SPEC §4: removals are only marked here and sent after a successful update.
  const [removedIds, setRemovedIds] = useState<number[]>([])
  const [pending, setPending] = useState<PendingImage[]>([])
  const [progress, setProgress] = useState(0)
  const nextKey = useRef(0)

  const options =
    product && !categories.includes(product.category) ? [product.category, ...categories] : categories
  const existing = (product?.images ?? []).filter((image) => !removedIds.includes(image.id))

  const addFiles = (files: File[]) => {
    const accepted = acceptImages(files, pending.length)
    setPending((current) => [...current, ...accepted.map((file) => ({ key: nextKey.current++, file }))])
  }

  const onSubmit = async (values: ProductFormValues) => {
    const checked = OptionsInput.safeParse(optionsPayload(productOptions))
    setOptionsError(checked.success ? undefined : checked.error.issues[0]?.message)
    if (!checked.success) return
    setProgress(0)
    try {
      await saveProduct.mutateAsync({
        id: product?.id,
        fields: formFields(values, productOptions),
        images: pending.map((image) => image.file),
        removedImageIds: removedIds,
        onProgress: setProgress,
      })
    } catch (error) {
      // SPEC §8: the server's details go to the console only; what was typed stays.
      console.error('Product save failed', error)
      if (error instanceof ImageRemovalFailed) {
        // The update itself went through: its new images are saved, only these removals are still owed.
        setPending([])
        setRemovedIds(error.imageIds)
        // Saved options now have ids: a second save must update them, not make them anew.
        setProductOptions(editableOptions(error.saved.options))
      }
      toast.error(SAVE_FAILED)
      return
    }
    toast.success(editing ? 'Product updated successfully!' : 'Product created successfully!')
    navigate('/adminuser/products')
  }

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)}>
      <Card className="shadow-sm border-0 mb-3">
        <Card.Body className="d-grid gap-3">
          <Form.Group controlId="product-name">
            <Form.Label>Product Name</Form.Label>
            <Form.Control {...register('name')} isInvalid={!!errors.name} autoComplete="off" />
            <Form.Control.Feedback type="invalid">{errors.name?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="product-description">
            <Form.Label>Description</Form.Label>
            <Form.Control
              as="textarea"
              rows={5}
              {...register('description')}
              isInvalid={!!errors.description}
            />
            <Form.Control.Feedback type="invalid">{errors.description?.message}</Form.Control.Feedback>
          </Form.Group>
          <Row className="g-3">
            <Form.Group as={Col} md={4} controlId="product-category">
              <Form.Label>Category</Form.Label>
              <Form.Select {...register('category')} isInvalid={!!errors.category}>
                {options.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.category?.message}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group as={Col} sm={6} md={4} controlId="product-price">
              <Form.Label>Price (PKR)</Form.Label>
              <Form.Control
                type="number"
                step={1}
                min={0}
                inputMode="decimal"
                {...register('price', { setValueAs: emptyAsMissing })}
                isInvalid={!!errors.price}
              />
              <Form.Control.Feedback type="invalid">{errors.price?.message}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group as={Col} sm={6} md={4} controlId="product-stock">
              <Form.Label>Stock</Form.Label>
              <Form.Control
                type="number"
                step={1}
                min={0}
                inputMode="numeric"
                {...register('stock', { setValueAs: emptyAsMissing })}
                isInvalid={!!errors.stock}
              />
              <Form.Control.Feedback type="invalid">{errors.stock?.message}</Form.Control.Feedback>
            </Form.Group>
          </Row>
          <div className="d-flex flex-wrap gap-4">
            <Form.Check
              type="switch"
              id="product-featured"
              label="Featured Product"
              {...register('is_featured')}
            />
            <Form.Check type="switch" id="product-on-sale" label="On Sale" {...register('is_on_sale')} />
          </div>
        </Card.Body>
      </Card>

      <Card className="shadow-sm border-0 mb-3">
        <Card.Body className="d-grid gap-3">
          <Card.Title as="h2" className="h5 mb-0">
            Details
          </Card.Title>
          <Row className="g-3">
            {DETAIL_FIELDS.map((field) => (
              <Form.Group key={field.name} as={Col} xs={6} md={3} controlId={`product-${field.name}`}>
                <Form.Label>{field.label}</Form.Label>
                <Form.Control
                  inputMode="decimal"
                  {...register(field.name)}
                  isInvalid={!!errors[field.name]}
                />
                <Form.Control.Feedback type="invalid">{errors[field.name]?.message}</Form.Control.Feedback>
              </Form.Group>
            ))}
          </Row>
          <Row className="g-3">
            {TEXT_DETAILS.map((field) => (
              <Form.Group key={field.name} as={Col} sm={6} md={4} controlId={`product-${field.name}`}>
                <Form.Label>{field.label}</Form.Label>
                <Form.Control
                  {...register(field.name)}
                  isInvalid={!!errors[field.name]}
                  placeholder={field.placeholder}
                />
                <Form.Control.Feedback type="invalid">{errors[field.name]?.message}</Form.Control.Feedback>
              </Form.Group>
            ))}
            <Form.Group as={Col} sm={6} md={4} controlId="product-lead-time">
              <Form.Label>Made to order: lead time (days)</Form.Label>
              <Form.Control
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                {...register('lead_time_days')}
                isInvalid={!!errors.lead_time_days}
                aria-describedby="product-lead-time-hint"
              />
              <Form.Text id="product-lead-time-hint">
                0 ships from stock; more can be ordered at stock 0.
              </Form.Text>
              <Form.Control.Feedback type="invalid">{errors.lead_time_days?.message}</Form.Control.Feedback>
            </Form.Group>
          </Row>
        </Card.Body>
      </Card>

      <Card className="shadow-sm border-0 mb-3">
        <Card.Body>
          <Card.Title as="h2" className="h5 mb-3">
            Options
          </Card.Title>
          <OptionsEditor
            options={productOptions}
            onChange={setProductOptions}
            basePrice={typeof basePrice === 'string' ? basePrice : ''}
            error={optionsError}
          />
        </Card.Body>
      </Card>

      <Card className="shadow-sm border-0 mb-3">
        <Card.Body>
          <Card.Title as="h2" className="h5 mb-3">
            Images
          </Card.Title>
          <ImageManager
            productName={product?.name ?? ''}
            existing={existing}
            onRemoveExisting={(id) => setRemovedIds((ids) => [...ids, id])}
            pending={pending}
            onAdd={addFiles}
            onRemovePending={(key) => setPending((current) => current.filter((image) => image.key !== key))}
          />
          {removedIds.length > 0 && (
            <p className="small text-body-secondary mt-3 mb-0">
              {removedIds.length === 1 ? '1 image' : `${removedIds.length} images`} will be removed when you
              save.{' '}
              <Button
                variant="link"
                size="sm"
                className="p-0 align-baseline"
                onClick={() => setRemovedIds([])}
              >
                Undo
              </Button>
            </p>
          )}
        </Card.Body>
      </Card>

      {isSubmitting && (
        <ProgressBar
          className="mb-3"
          now={Math.round(progress * 100)}
          label={`${Math.round(progress * 100)}%`}
          aria-label="Upload progress"
          animated={progress < 1}
        />
      )}
      <div className="d-flex justify-content-end">
        <Button type="submit" variant="primary" disabled={isSubmitting}>
          {isSubmitting && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {editing ? 'Save Changes' : 'Create Product'}
        </Button>
      </div>
    </Form>
  )
}
