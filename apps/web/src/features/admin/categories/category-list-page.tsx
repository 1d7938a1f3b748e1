import type { Category } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useRef, useState } from 'react'
import { Alert, Button, Form, InputGroup, Modal, Spinner, Table } from 'react-bootstrap'
import toast from 'react-hot-toast'
import { Loading } from '../../../components/loading'
import {
  categoriesQuery,
  useCreateCategory,
  useDeleteCategory,
  useRenameCategory,
} from '../../../data/catalog'
import { serverDetail } from '../../../lib/api'
import { useTitle } from '../../../lib/use-title'
import { PageHeader } from '../common/page-header'

/** A new category's name; what was typed stays when the server refuses it. */
function CreateCategoryForm() {
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  const create = useCreateCategory()

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!name.trim()) {
      setError('Category name is required.')
      return
    }
    create.mutate(
      { name: name.trim(), name_ur: '' },
      {
        onSuccess: (category) => {
          toast.success(`Category "${category.name}" created.`)
          setName('')
          setError(undefined)
        },
        onError: (failure) => setError(serverDetail(failure) ?? 'Could not create the category.'),
      },
    )
  }

  return (
    <Form onSubmit={submit} noValidate className="mb-4" aria-label="Add a category">
      <Form.Label htmlFor="new-category">New category</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          id="new-category"
          value={name}
          maxLength={100}
          placeholder="Outdoor furniture"
          isInvalid={Boolean(error)}
          aria-describedby={error ? 'new-category-error' : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Add Category
        </Button>
        <Form.Control.Feedback type="invalid" id="new-category-error" role="alert">
          {error}
        </Form.Control.Feedback>
      </InputGroup>
    </Form>
  )
}

/** One row: the name, renamed in place, and delete (the server refuses it while products use it). */
function CategoryRow({ category, onDelete }: { category: Category; onDelete(category: Category): void }) {
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(category.name)
  const [error, setError] = useState<string>()
  const rename = useRenameCategory()
  const renameButton = useRef<HTMLButtonElement>(null)
  const errorId = `rename-${category.id}-error`

  /** Back to the row, focus where it was: on its Rename button. */
  function stopEditing() {
    setEditing(false)
    setError(undefined)
    requestAnimationFrame(() => renameButton.current?.focus())
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    rename.mutate(
      { id: category.id, name: name.trim(), name_ur: category.name_ur },
      {
        onSuccess: (renamed) => {
          toast.success(`Category renamed to "${renamed.name}".`)
          stopEditing()
        },
        onError: (failure) => setError(serverDetail(failure) ?? 'Could not rename the category.'),
      },
    )
  }

  return (
    <tr>
      <td>
        {editing ? (
          <Form onSubmit={submit} noValidate className="d-flex flex-wrap gap-2">
            <Form.Control
              value={name}
              maxLength={100}
              aria-label={`New name for ${category.name}`}
              isInvalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setName(event.target.value)}
              onKeyDown={(event) => event.key === 'Escape' && stopEditing()}
              autoFocus
              className="w-auto flex-grow-1"
            />
            <Button type="submit" size="sm" disabled={rename.isPending || !name.trim()}>
              Save
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={stopEditing}>
              Cancel
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
            <div className="small text-body-secondary">/{category.slug}</div>
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
                // Starts from the name as it is now, which another member of staff may have changed.
                setName(category.name)
                setEditing(true)
              }}
              aria-label={`Rename ${category.name}`}
            >
              Rename
            </Button>
            <Button
              size="sm"
              variant="outline-danger"
              onClick={() => onDelete(category)}
              aria-label={`Delete ${category.name}`}
            >
              Delete
            </Button>
          </div>
        )}
      </td>
    </tr>
  )
}

/** Staff add, rename and delete the shop's categories; menus and filters follow at once. */
export function CategoryListPage() {
  useTitle('Categories')
  const categories = useQuery(categoriesQuery())
  const [target, setTarget] = useState<Category | null>(null)
  const removal = useDeleteCategory()

  const remove = (category: Category) =>
    removal.mutate(category.id, {
      onSuccess: () => {
        toast.success(`Category "${category.name}" deleted.`)
        setTarget(null)
      },
      onError: (failure) => {
        // API.md: 409 with the reason while products use it; the sentence is the server's.
        toast.error(serverDetail(failure) ?? 'Could not delete the category.')
        setTarget(null)
      },
    })

  return (
    <>
      <PageHeader title="Categories" subtitle="The groups the shop's menus and filters are built from." />
      <CreateCategoryForm />
      {categories.isPending ? (
        <Loading />
      ) : categories.isError ? (
        <Alert variant="danger">Could not load the categories.</Alert>
      ) : categories.data.length === 0 ? (
        <p className="text-body-secondary">No categories yet.</p>
      ) : (
        <Table responsive hover className="align-middle bg-white shadow-sm admin-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Products</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {categories.data.map((category) => (
              <CategoryRow key={category.id} category={category} onDelete={setTarget} />
            ))}
          </tbody>
        </Table>
      )}
      <Modal show={target !== null} onHide={() => setTarget(null)} centered>
        <Modal.Header closeButton>
          <Modal.Title>Delete category</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          Delete the category <strong>"{target?.name}"</strong>? Only an empty category can be deleted.
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setTarget(null)} disabled={removal.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => target && remove(target)} disabled={removal.isPending}>
            Delete
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  )
}
