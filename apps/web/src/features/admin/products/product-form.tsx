import { zodResolver } from '@hookform/resolvers/zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import {
  type Category,
  OptionsInput,
  type ProductDetail,
  type ProductFormBody,
  ProductFormBody as ProductFormSchema,
  type ProductFormValues,
} from '@store/contract'
import { useRef, useState } from 'react'
import { Button, Card, Col, Form, ProgressBar, Row } from 'react-bootstrap'
import { useForm, useWatch } from 'react-hook-form'
import toast from 'react-hot-toast'
import { useNavigate } from 'react-router'
import { SubmitButton } from '../../../components/submit-button'
import { ImageRemovalFailed, useSaveProduct } from '../../../data/catalog'
import { localSentence } from '../../../lib/i18n'
import { localResolver } from '../../../lib/sentences'
import { amountInput } from '../common/amount-input'
import { acceptImages, ImageManager, type PendingImage } from './image-manager'
import { type EditedOption, editableOptions, OptionsEditor, optionsPayload } from './options-editor'

/** SPEC §8, word for word */
export const SAVE_FAILED = msg`An error occurred. Please check your input.`

/** A category to choose: its (English) name is what the product form sends; `name_ur` is how Urdu reads it. */
export type CategoryChoice = Pick<Category, 'name' | 'name_ur'>

interface ProductFormProps {
  categories: CategoryChoice[]
  /** Absent in create mode */
  product?: ProductDetail
}

function initialValues(categories: CategoryChoice[], product: ProductDetail | undefined): ProductFormBody {
  if (!product) {
    // SPEC §5: in create mode the first category name is the default.
    return {
      name: '',
      description: '',
      name_ur: '',
      description_ur: '',
      category: categories[0]?.name ?? '',
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
    name_ur: product.name_ur,
    description_ur: product.description_ur,
    category: product.category,
    price: amountInput(product.price),
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

// Material and colour have no Urdu field: what staff type is English, and so are the examples.
const TEXT_DETAILS: readonly {
  name: 'material' | 'colour'
  label: MessageDescriptor
  placeholder: string
}[] = [
  { name: 'material', label: msg`Material`, placeholder: 'Sheesham wood' },
  { name: 'colour', label: msg`Colour`, placeholder: 'Walnut brown' },
]

const DETAIL_FIELDS: readonly {
  name: 'width_cm' | 'depth_cm' | 'height_cm' | 'weight_kg'
  label: MessageDescriptor
}[] = [
  { name: 'width_cm', label: msg`Width (cm)` },
  { name: 'depth_cm', label: msg`Depth (cm)` },
  { name: 'height_cm', label: msg`Height (cm)` },
  { name: 'weight_kg', label: msg`Weight (kg)` },
]

/** An empty number box is "not given", not 0 (which a plain coercion would make of it). */
const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value)

export function ProductForm({ categories, product }: ProductFormProps) {
  const { i18n, t } = useLingui()
  const editing = product !== undefined
  const navigate = useNavigate()
  const saveProduct = useSaveProduct()
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormBody, unknown, ProductFormValues>({
    resolver: localResolver(zodResolver(ProductFormSchema)),
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

  const options: CategoryChoice[] =
    product && !categories.some((category) => category.name === product.category)
      ? [{ name: product.category, name_ur: '' }, ...categories]
      : categories
  // In Urdu a category reads by its Urdu name where it has one; the value sent is its own name.
  const categoryLabel = (category: CategoryChoice) =>
    (i18n.locale === 'ur' && category.name_ur) || category.name
  const existing = (product?.images ?? []).filter((image) => !removedIds.includes(image.id))
  const removedCount = removedIds.length

  const addFiles = (files: File[]) => {
    const accepted = acceptImages(files, pending.length)
    setPending((current) => [...current, ...accepted.map((file) => ({ key: nextKey.current++, file }))])
  }

  const onSubmit = async (values: ProductFormValues) => {
    const checked = OptionsInput.safeParse(optionsPayload(productOptions))
    const problem = checked.success ? undefined : checked.error.issues[0]?.message
    setOptionsError(problem && localSentence(problem))
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
      toast.error(i18n._(SAVE_FAILED))
      return
    }
    toast.success(editing ? t`Product updated successfully!` : t`Product created successfully!`)
    navigate('/adminuser/products')
  }

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)}>
      <Card className="shadow-sm border-0 mb-3">
        <Card.Body className="d-grid gap-3">
          <Form.Group controlId="product-name">
            <Form.Label>
              <Trans>Product Name</Trans>
            </Form.Label>
            <Form.Control dir="auto" {...register('name')} isInvalid={!!errors.name} autoComplete="off" />
            <Form.Control.Feedback type="invalid">{errors.name?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="product-description">
            <Form.Label>
              <Trans>Description</Trans>
            </Form.Label>
            <Form.Control
              dir="auto"
              as="textarea"
              rows={5}
              {...register('description')}
              isInvalid={!!errors.description}
            />
            <Form.Control.Feedback type="invalid">{errors.description?.message}</Form.Control.Feedback>
          </Form.Group>
          {/* API.md "Languages": the shop shows these to Urdu readers; empty, they read the English. */}
          <Form.Group controlId="product-name-ur">
            <Form.Label>
              <Trans>Name in Urdu</Trans>
            </Form.Label>
            <Form.Control
              {...register('name_ur')}
              dir="rtl"
              lang="ur"
              isInvalid={!!errors.name_ur}
              autoComplete="off"
              aria-describedby="product-name-ur-hint"
            />
            <Form.Text id="product-name-ur-hint">
              <Trans>Optional: when empty, Urdu readers see the English name.</Trans>
            </Form.Text>
            <Form.Control.Feedback type="invalid">{errors.name_ur?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="product-description-ur">
            <Form.Label>
              {/* Not "Description in Urdu": "Description" names one field of this form (e2e finds it so). */}
              <Trans>Product text in Urdu</Trans>
            </Form.Label>
            <Form.Control
              as="textarea"
              rows={5}
              {...register('description_ur')}
              dir="rtl"
              lang="ur"
              isInvalid={!!errors.description_ur}
              aria-describedby="product-description-ur-hint"
            />
            <Form.Text id="product-description-ur-hint">
              <Trans>Optional: when empty, Urdu readers see the English description.</Trans>
            </Form.Text>
            <Form.Control.Feedback type="invalid">{errors.description_ur?.message}</Form.Control.Feedback>
          </Form.Group>
          <Row className="g-3">
            <Form.Group as={Col} md={4} controlId="product-category">
              <Form.Label>
                <Trans>Category</Trans>
              </Form.Label>
              <Form.Select {...register('category')} isInvalid={!!errors.category}>
                {options.map((category) => (
                  <option key={category.name} value={category.name}>
                    {categoryLabel(category)}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.category?.message}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group as={Col} sm={6} md={4} controlId="product-price">
              <Form.Label>
                <Trans>Price (PKR)</Trans>
              </Form.Label>
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
              <Form.Label>
                <Trans>Stock</Trans>
              </Form.Label>
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
              label={t`Featured Product`}
              {...register('is_featured')}
            />
            <Form.Check type="switch" id="product-on-sale" label={t`On Sale`} {...register('is_on_sale')} />
          </div>
        </Card.Body>
      </Card>

      <Card className="shadow-sm border-0 mb-3">
        <Card.Body className="d-grid gap-3">
          <Card.Title as="h2" className="h5 mb-0">
            <Trans>Details</Trans>
          </Card.Title>
          <Row className="g-3">
            {DETAIL_FIELDS.map((field) => (
              <Form.Group key={field.name} as={Col} xs={6} md={3} controlId={`product-${field.name}`}>
                <Form.Label>{i18n._(field.label)}</Form.Label>
                <Form.Control
                  dir="auto"
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
                <Form.Label>{i18n._(field.label)}</Form.Label>
                <Form.Control
                  dir="auto"
                  {...register(field.name)}
                  isInvalid={!!errors[field.name]}
                  placeholder={field.placeholder}
                />
                <Form.Control.Feedback type="invalid">{errors[field.name]?.message}</Form.Control.Feedback>
              </Form.Group>
            ))}
            <Form.Group as={Col} sm={6} md={4} controlId="product-lead-time">
              <Form.Label>
                <Trans>Made to order: lead time (days)</Trans>
              </Form.Label>
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
                <Trans>0 ships from stock; more can be ordered at stock 0.</Trans>
              </Form.Text>
              <Form.Control.Feedback type="invalid">{errors.lead_time_days?.message}</Form.Control.Feedback>
            </Form.Group>
          </Row>
        </Card.Body>
      </Card>

      <Card className="shadow-sm border-0 mb-3">
        <Card.Body>
          <Card.Title as="h2" className="h5 mb-3">
            <Trans>Options</Trans>
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
            <Trans>Images</Trans>
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
              <Plural
                value={removedCount}
                one="# image will be removed when you save."
                other="# images will be removed when you save."
              />{' '}
              <Button
                variant="link"
                size="sm"
                className="p-0 align-baseline"
                onClick={() => setRemovedIds([])}
              >
                <Trans>Undo</Trans>
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
          aria-label={t`Upload progress`}
          animated={progress < 1}
        />
      )}
      <div className="d-flex justify-content-end">
        <SubmitButton busy={isSubmitting}>{editing ? t`Save Changes` : t`Create Product`}</SubmitButton>
      </div>
    </Form>
  )
}
