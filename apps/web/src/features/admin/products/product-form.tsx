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
import { useEffect, useRef, useState } from 'react'
import { Button, Card, Col, Form, ProgressBar, Row } from 'react-bootstrap'
import { useForm, useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { SelectField } from '../../../components/select-field'
import { SubmitButton } from '../../../components/submit-button'
import { TextField } from '../../../components/text-field'
import { ImageRemovalFailed, useSaveProduct } from '../../../data/catalog'
import { localSentence } from '../../../lib/i18n'
import { localResolver } from '../../../lib/sentences'
import { toast } from '../../../lib/toast'
import { amountInput } from '../common/amount-input'
import { acceptImages, ImageManager, type PendingImage } from './image-manager'
import { type EditedOption, editableOptions, OptionsEditor, optionsPayload } from './options-editor'

/** docs/product.md §8, word for word */
export const SAVE_FAILED = msg`An error occurred. Please check your input.`

/** A category to choose: its (English) name is what the product form sends; `name_ur` is how Urdu reads it. */
export type CategoryChoice = Pick<Category, 'name' | 'name_ur'>

interface ProductFormProps {
  categories: CategoryChoice[]
  /** Absent in create mode */
  product?: ProductDetail
  /**
   * In edit mode, when the product is kept elsewhere too: the first location, where the server makes
   * a change of the stock box (the other locations keep theirs)
   */
  stockChangedAt?: string
}

function initialValues(categories: CategoryChoice[], product: ProductDetail | undefined): ProductFormBody {
  if (!product) {
    // docs/product.md §5: in create mode the first category name is the default.
    return {
      sku: '',
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
      advance_percent: '',
      low_stock_threshold: '',
    }
  }
  const text = (value: number | string | null) => (value === null ? '' : String(value))
  return {
    sku: product.sku,
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
    advance_percent: text(product.advance_percent),
    low_stock_threshold: text(product.low_stock_threshold),
  }
}

/** The checked values back as multipart text (docs/api.md): empty for "not given", options as JSON. */
function formFields(values: ProductFormValues, options: EditedOption[]): ProductFormBody {
  const text = (value: number | string | null) => (value === null ? '' : String(value))
  return {
    ...values,
    // Multipart fields are text (docs/api.md): the checked numbers go back as the digits they were.
    stock: String(values.stock),
    lead_time_days: String(values.lead_time_days),
    width_cm: text(values.width_cm),
    depth_cm: text(values.depth_cm),
    height_cm: text(values.height_cm),
    weight_kg: text(values.weight_kg),
    material: text(values.material),
    colour: text(values.colour),
    advance_percent: text(values.advance_percent),
    low_stock_threshold: text(values.low_stock_threshold),
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

export function ProductForm({ categories, product, stockChangedAt }: ProductFormProps) {
  const { i18n, t } = useLingui()
  const editing = product !== undefined
  const navigate = useNavigate()
  const saveProduct = useSaveProduct()
  const form = useForm<ProductFormBody, unknown, ProductFormValues>({
    resolver: localResolver(zodResolver(ProductFormSchema)),
    defaultValues: initialValues(categories, product),
  })
  const {
    register,
    handleSubmit,
    control,
    formState: { isSubmitting },
  } = form
  const basePrice = useWatch({ control, name: 'price' })
  const [productOptions, setProductOptions] = useState(() => editableOptions(product?.options ?? []))
  const [optionsError, setOptionsError] = useState<string>()
  // docs/product.md §4: removals are only marked here and sent after a successful update.
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
  const savedStock = product?.stock
  // The Stock panel moved units: the box follows, unless staff are typing a number of their own in it.
  useEffect(() => {
    if (savedStock !== undefined && !form.getFieldState('stock').isDirty) {
      form.resetField('stock', { defaultValue: String(savedStock) })
    }
  }, [savedStock, form])

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
      // docs/product.md §8: the server's details go to the console only; what was typed stays.
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
          <TextField
            form={form}
            name="name"
            id="product-name"
            label={t`Product Name`}
            dir="auto"
            autoComplete="off"
          />
          <TextField
            form={form}
            name="sku"
            id="product-sku"
            label={t`Code (SKU)`}
            help={t`Optional: left empty, the store gives the product the next code (CL-000123). Spreadsheets match products by it.`}
            dir="ltr"
            autoComplete="off"
          />
          <TextField
            form={form}
            name="description"
            id="product-description"
            label={t`Description`}
            dir="auto"
            as="textarea"
            rows={5}
          />
          {/* docs/api.md "Languages": the shop shows these to Urdu readers; empty, they read the English. */}
          <TextField
            form={form}
            name="name_ur"
            id="product-name-ur"
            label={t`Name in Urdu`}
            help={t`Optional: when empty, Urdu readers see the English name.`}
            dir="rtl"
            lang="ur"
            autoComplete="off"
          />
          {/* Not "Description in Urdu": "Description" names one field of this form (e2e finds it so). */}
          <TextField
            form={form}
            name="description_ur"
            id="product-description-ur"
            label={t`Product text in Urdu`}
            help={t`Optional: when empty, Urdu readers see the English description.`}
            dir="rtl"
            lang="ur"
            as="textarea"
            rows={5}
          />
          <Row className="g-3">
            <Col md={4}>
              <SelectField form={form} name="category" id="product-category" label={t`Category`}>
                {options.map((category) => (
                  <option key={category.name} value={category.name}>
                    {categoryLabel(category)}
                  </option>
                ))}
              </SelectField>
            </Col>
            <Col sm={6} md={4}>
              <TextField
                form={form}
                name="price"
                id="product-price"
                label={t`Price (PKR)`}
                type="number"
                step={1}
                min={0}
                inputMode="decimal"
                options={{ setValueAs: emptyAsMissing }}
              />
            </Col>
            <Col sm={6} md={4}>
              <TextField
                form={form}
                name="stock"
                id="product-stock"
                label={t`Stock`}
                help={
                  stockChangedAt
                    ? t`A change here is made at ${stockChangedAt}; the other locations keep theirs. Count or move stock in the Stock panel below.`
                    : undefined
                }
                type="number"
                step={1}
                min={0}
                inputMode="numeric"
                options={{ setValueAs: emptyAsMissing }}
              />
            </Col>
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
              <Col key={field.name} xs={6} md={3}>
                <TextField
                  form={form}
                  name={field.name}
                  id={`product-${field.name}`}
                  label={i18n._(field.label)}
                  dir="auto"
                  inputMode="decimal"
                />
              </Col>
            ))}
          </Row>
          <Row className="g-3">
            {TEXT_DETAILS.map((field) => (
              <Col key={field.name} sm={6} md={4}>
                <TextField
                  form={form}
                  name={field.name}
                  id={`product-${field.name}`}
                  label={i18n._(field.label)}
                  dir="auto"
                  placeholder={field.placeholder}
                />
              </Col>
            ))}
            <Col sm={6} md={4}>
              <TextField
                form={form}
                name="lead_time_days"
                id="product-lead-time"
                label={t`Made to order: lead time (days)`}
                help={t`0 ships from stock; more can be ordered at stock 0.`}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
              />
            </Col>
            <Col sm={6} md={4}>
              <TextField
                form={form}
                name="advance_percent"
                id="product-advance-percent"
                label={t`Advance percent`}
                help={t`Paid ahead when ordered. Empty: the store's advance rules decide.`}
                type="number"
                min={0}
                max={100}
                step={1}
                inputMode="numeric"
              />
            </Col>
            <Col sm={6} md={4}>
              <TextField
                form={form}
                name="low_stock_threshold"
                id="product-low-stock-threshold"
                label={t`Low-stock threshold`}
                help={t`Staff are told when stock falls to this. Empty: the store's default.`}
                type="number"
                min={0}
                max={10_000}
                step={1}
                inputMode="numeric"
              />
            </Col>
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
