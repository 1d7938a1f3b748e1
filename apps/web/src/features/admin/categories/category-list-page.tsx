import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { type Category, CategoryBody } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, useRef, useState } from 'react'
import { Button, Col, Form, Modal, Row, Spinner } from 'react-bootstrap'
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { TextField } from '../../../components/text-field'
import { useCreateCategory, useDeleteCategory, useRenameCategory } from '../../../data/catalog'
import { serverDetail } from '../../../lib/api'
import { localResolver } from '../../../lib/sentences'
import { toast } from '../../../lib/toast'
import { useTitle } from '../../../lib/use-title'
import { categoriesToEditQuery } from '../common/catalog-to-edit'
import { ListState, ListTable } from '../common/list-state'
import { PageHeader } from '../common/page-header'

/** A category's names as typed; the contract's schema checks and trims them. */
type CategoryInput = z.input<typeof CategoryBody>

/** The contract's checks, their sentences in the reader's language. */
const categoryResolver = localResolver(zodResolver(CategoryBody))

/** The server's refusal under the name, where the contract's own checks show theirs. */
const refusedName = (form: UseFormReturn<CategoryInput, unknown, CategoryBody>, sentence: string) =>
  form.setError('name', { message: sentence })

/** A new category's name (and its Urdu name); what was typed stays when the server refuses it. */
function CreateCategoryForm() {
  const { t } = useLingui()
  const form = useForm<CategoryInput, unknown, CategoryBody>({
    resolver: categoryResolver,
    defaultValues: { name: '', name_ur: '' },
  })
  const create = useCreateCategory()

  function submit(body: CategoryBody) {
    create.mutate(body, {
      onSuccess: (category) => {
        const created = category.name
        toast.success(t`Category "${created}" created.`)
        form.reset()
      },
      onError: (failure) => refusedName(form, serverDetail(failure) ?? t`Could not create the category.`),
    })
  }

  return (
    <Form onSubmit={form.handleSubmit(submit)} noValidate className="mb-4" aria-label={t`Add a category`}>
      <Row className="g-2 align-items-start">
        <Col md>
          <TextField
            form={form}
            name="name"
            id="new-category"
            label={t`New category`}
            dir="auto"
            maxLength={100}
            // The category's own name is the English one (the Urdu one has its box): so is the example.
            placeholder="Outdoor furniture"
          />
        </Col>
        <Col md>
          <TextField
            form={form}
            name="name_ur"
            id="new-category-ur"
            label={t`Urdu name (optional)`}
            help={t`Urdu readers see the English name where a category has no Urdu one.`}
            dir="rtl"
            lang="ur"
            maxLength={100}
          />
        </Col>
        {/* From md up the button sits beside the boxes, below their labels' line. */}
        <Col xs="auto" className="mt-md-4 pt-md-2">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            <Trans>Add Category</Trans>
          </Button>
        </Col>
      </Row>
    </Form>
  )
}

/**
 * A category's names changed in place, from what they are when the row opens (another member of staff
 * may have changed them); Escape or Cancel closes it.
 */
function RenameCategoryForm({ category, onClose }: { category: Category; onClose(): void }) {
  const { t } = useLingui()
  const form = useForm<CategoryInput, unknown, CategoryBody>({
    resolver: categoryResolver,
    defaultValues: { name: category.name, name_ur: category.name_ur },
  })
  const name = useWatch({ control: form.control, name: 'name' })
  const rename = useRenameCategory()
  const current = category.name

  function submit(body: CategoryBody) {
    rename.mutate(
      { id: category.id, ...body },
      {
        onSuccess: (renamed) => {
          const newName = renamed.name
          toast.success(t`Category renamed to "${newName}".`)
          onClose()
        },
        onError: (failure) => refusedName(form, serverDetail(failure) ?? t`Could not rename the category.`),
      },
    )
  }

  const cancelOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && onClose()

  return (
    <Form
      onSubmit={form.handleSubmit(submit)}
      noValidate
      className="d-flex flex-wrap align-items-start gap-2"
    >
      <TextField
        form={form}
        name="name"
        id={`rename-${category.id}`}
        label={t`New name for ${current}`}
        labelHidden
        dir="auto"
        maxLength={100}
        onKeyDown={cancelOnEscape}
        autoFocus
        className="flex-grow-1"
      />
      <TextField
        form={form}
        name="name_ur"
        id={`rename-${category.id}-ur`}
        label={t`Urdu name for ${current}`}
        labelHidden
        dir="rtl"
        lang="ur"
        maxLength={100}
        onKeyDown={cancelOnEscape}
        className="flex-grow-1"
      />
      <Button type="submit" size="sm" disabled={rename.isPending || !name?.trim()}>
        <Trans>Save</Trans>
      </Button>
      <Button size="sm" variant="outline-secondary" onClick={onClose}>
        <Trans>Cancel</Trans>
      </Button>
    </Form>
  )
}

/** One row: the name and Urdu name, changed in place, and delete (refused while products use it). */
function CategoryRow({ category, onDelete }: { category: Category; onDelete(category: Category): void }) {
  const { t } = useLingui()
  const [editing, setEditing] = useState(false)
  const renameButton = useRef<HTMLButtonElement>(null)
  const current = category.name

  /** Back to the row, focus where it was: on its Rename button. */
  function stopEditing() {
    setEditing(false)
    requestAnimationFrame(() => renameButton.current?.focus())
  }

  return (
    <tr>
      <td>
        {editing ? (
          <RenameCategoryForm category={category} onClose={stopEditing} />
        ) : (
          <>
            <span className="fw-medium">{category.name}</span>
            {category.name_ur && (
              <span className="d-block" dir="rtl" lang="ur">
                {category.name_ur}
              </span>
            )}
            <div className="small text-body-secondary">
              {/* Isolated left to right, so the slash stays in front in an Urdu page. */}
              <bdi dir="ltr">/{category.slug}</bdi>
            </div>
          </>
        )}
      </td>
      <td className="text-nowrap">{category.product_count}</td>
      <td>
        {!editing && (
          <div className="d-flex flex-column flex-sm-row gap-2">
            <Button
              ref={renameButton}
              size="sm"
              variant="outline-primary"
              onClick={() => setEditing(true)}
              aria-label={t`Rename ${current}`}
            >
              <Trans>Rename</Trans>
            </Button>
            <Button
              size="sm"
              variant="outline-danger"
              onClick={() => onDelete(category)}
              aria-label={t`Delete ${current}`}
            >
              <Trans>Delete</Trans>
            </Button>
          </div>
        )}
      </td>
    </tr>
  )
}

/**
 * Staff add, rename and delete the shop's categories; menus and filters follow at once. The page
 * works on the categories' own names whatever the reader's language, the Urdu ones beside them.
 */
export function CategoryListPage() {
  const { t } = useLingui()
  useTitle(t`Categories`)
  const categories = useQuery(categoriesToEditQuery())
  const [target, setTarget] = useState<Category | null>(null)
  const removal = useDeleteCategory()

  const remove = (category: Category) =>
    removal.mutate(category.id, {
      onSuccess: () => {
        const name = category.name
        toast.success(t`Category "${name}" deleted.`)
        setTarget(null)
      },
      onError: (failure) => {
        // docs/api.md: 409 with the reason while products use it; the sentence is the server's.
        toast.error(serverDetail(failure) ?? t`Could not delete the category.`)
        setTarget(null)
      },
    })

  const targetName = target?.name
  return (
    <>
      <PageHeader
        title={t`Categories`}
        subtitle={t`The groups the shop's menus and filters are built from.`}
      />
      <CreateCategoryForm />
      <ListState
        query={categories}
        failure={<Trans>Could not load the categories.</Trans>}
        isEmpty={(list) => list.length === 0}
        empty={<Trans>No categories yet.</Trans>}
      >
        {(list) => (
          <ListTable columns={[{ label: t`Name` }, { label: t`Products` }, { label: t`Actions` }]}>
            {list.map((category) => (
              <CategoryRow key={category.id} category={category} onDelete={setTarget} />
            ))}
          </ListTable>
        )}
      </ListState>
      <Modal show={target !== null} onHide={() => setTarget(null)} centered>
        <Modal.Header closeButton>
          <Modal.Title>
            <Trans>Delete category</Trans>
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Trans>
            Delete the category <strong>"{targetName}"</strong>? Only an empty category can be deleted.
          </Trans>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setTarget(null)} disabled={removal.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="danger" onClick={() => target && remove(target)} disabled={removal.isPending}>
            <Trans>Delete</Trans>
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  )
}
