import { Trans } from '@lingui/react/macro'
import type { Product } from '@store/contract'
import { Button, Modal, Spinner } from 'react-bootstrap'

interface DeleteProductModalProps {
  product: Product | null
  deleting: boolean
  onCancel(): void
  onConfirm(product: Product): void
}

/** docs/product.md §2: 'Confirm Deletion' names the product and warns that it cannot be undone. */
export function DeleteProductModal({ product, deleting, onCancel, onConfirm }: DeleteProductModalProps) {
  const name = product?.name
  return (
    <Modal show={product !== null} onHide={onCancel} centered>
      <Modal.Header closeButton>
        <Modal.Title>
          <Trans>Confirm Deletion</Trans>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Trans>
          Are you sure you want to permanently delete the product <strong>"{name}"</strong>? This action
          cannot be undone.
        </Trans>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={deleting}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="danger" onClick={() => product && onConfirm(product)} disabled={deleting}>
          {deleting && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          <Trans>Delete</Trans>
        </Button>
      </Modal.Footer>
    </Modal>
  )
}
