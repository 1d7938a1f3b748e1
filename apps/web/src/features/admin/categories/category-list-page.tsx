import { Trans, useLingui } from '@lingui/react/macro'
import type { Category } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react'
import { Button, Col, Form, Modal, Row, Spinner } from 'react-bootstrap'
import toast from 'react-hot-toast'
import { useCreateCategory, useDeleteCategory, useRenameCategory } from '../../../data/catalog'
import { serverDetail } from '../../../lib/api'
import { useTitle } from '../../../lib/use-title'
import { categoriesToEditQuery } from '../common/catalog-to-edit'
import { ListState, ListTable } from '../common/list-state'
import { PageHeader } from '../common/page-header'

/** A box for a category's Urdu name: written right to left, in the Urdu face. */
function UrduNameInput(props: {
  id?: string
  value: string
  label?: string
  onChange(value: string): void
  onKeyDown?(event: KeyboardEvent): void
  className?: string
  describedBy?: string
}) {
  return (
    <Form.Control
      id={props.id}
      value={props.value}
      maxLength={100}
      dir="rtl"
      lang="ur"
      aria-label={props.label}
      aria-describedby={props.describedBy}
      className={props.className}
      onChange={(event) => props.onChange(event.target.value)}
      onKeyDown={props.onKeyDown}
    />
  )
}

/** A new category's name (and its Urdu name); what was typed stays when the server refuses it. */
function CreateCategoryForm() {
  const { t } = useLingui()
  const [name, setName] = useState('')
  const [nameUr, setNameUr] = useState('')
  const [error, setError] = useState<string>()
  const create = useCreateCategory()

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!name.trim()) {
      setError(t`Category name is required.`)
      return
    }
    create.mutate(
      { name: name.trim(), name_ur: nameUr.trim() },
      {
        onSuccess: (category) => {
          const created = category.name
          toast.success(t`Category "${created}" created.`)
          setName('')
          setNameUr('')
          setError(undefined)
        },
        onError: (failure) => setError(serverDetail(failure) ?? t`Could not create the category.`),
      },
    )
  }

  return (
    <Form onSubmit={submit} noValidate className="mb-4" aria-label={t`Add a category`}>
      <Row className="g-2 align-items-end">
        <Col md>
          <Form.Label htmlFor="new-category">
            <Trans>New category</Trans>
          </Form.Label>
          <Form.Control
            dir="auto"
            id="new-category"
            value={name}
            maxLength={100}
            // The category's own name is the English one (the Urdu one has its box): so is the example.
            placeholder="Outdoor furniture"
            isInvalid={Boolean(error)}
            aria-describedby={error ? 'new-category-error' : undefined}
            onChange={(event) => setName(event.target.value)}
          />
        </Col>
        <Col md>
          <Form.Label htmlFor="new-category-ur">
            <Trans>Urdu name (optional)</Trans>
          </Form.Label>
          <UrduNameInput
            id="new-category-ur"
            value={nameUr}
            onChange={setNameUr}
            describedBy="new-category-ur-hint"
          />
        </Col>
        <Col xs="auto">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            <Trans>Add Category</Trans>
          </Button>
        </Col>
      </Row>
      {error && (
        <div id="new-category-error" className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
      <Form.Text id="new-category-ur-hint" className="d-block">
        <Trans>Urdu readers see the English name where a category has no Urdu one.</Trans>
      </Form.Text>
    </Form>
  )
}

/** One row: the name and Urdu name, changed in place, and delete (refused while products use it). */
function CategoryRow({ category, onDelete }: { category: Category; onDelete(category: Category): void }) {
  const { t } = useLingui()
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(category.name)
  const [nameUr, setNameUr] = useState(category.name_ur)
  const [error, setError] = useState<string>()
  const rename = useRenameCategory()
  const renameButton = useRef<HTMLButtonElement>(null)
  const errorId = `rename-${category.id}-error`
  const current = category.name

  /** Back to the row, focus where it was: on its Rename button. */
  function stopEditing() {
    setEditing(false)
    setError(undefined)
    requestAnimationFrame(() => renameButton.current?.focus())
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    rename.mutate(
      { id: category.id, name: name.trim(), name_ur: nameUr.trim() },
      {
        onSuccess: (renamed) => {
          const newName = renamed.name
          toast.success(t`Category renamed to "${newName}".`)
          stopEditing()
        },
        onError: (failure) => setError(serverDetail(failure) ?? t`Could not rename the category.`),
      },
    )
  }

  const cancelOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && stopEditing()

  return (
    <tr>
      <td>
        {editing ? (
          <Form onSubmit={submit} noValidate className="d-flex flex-wrap gap-2">
            <Form.Control
              dir="auto"
              value={name}
              maxLength={100}
              aria-label={t`New name for ${current}`}
              isInvalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setName(event.target.value)}
              onKeyDown={cancelOnEscape}
              autoFocus
              className="w-auto flex-grow-1"
            />
            <UrduNameInput
              value={nameUr}
              label={t`Urdu name for ${current}`}
              onChange={setNameUr}
              onKeyDown={cancelOnEscape}
              className="w-auto flex-grow-1"
            />
            <Button type="submit" size="sm" disabled={rename.isPending || !name.trim()}>
              <Trans>Save</Trans>
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={stopEditing}>
              <Trans>Cancel</Trans>
            </Button>
            {error && (
              <div id={errorId} className="invalid-feedback d-block w-100" role="alert">
                {error}
              </div>
            )}
          </Form>
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
              onClick={() => {
                // Starts from the names as they are now, which another member of staff may have changed.
                setName(category.name)
                setNameUr(category.name_ur)
                setEditing(true)
              }}
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
