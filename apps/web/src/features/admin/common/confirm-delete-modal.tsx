import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Button, Modal, Spinner } from 'react-bootstrap'

interface ConfirmDeleteModalProps {
  show: boolean
  title: string
  deleting: boolean
  onCancel(): void
  onConfirm(): void
  /** What is deleted, and what follows from it */
  children: ReactNode
}

/** Nothing is deleted from the back office without a second, deliberate press. */
export function ConfirmDeleteModal({
  show,
  title,
  deleting,
  onCancel,
  onConfirm,
  children,
}: ConfirmDeleteModalProps) {
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="confirm-delete-title">
      <Modal.Header closeButton>
        <Modal.Title id="confirm-delete-title">{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={deleting}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={deleting}>
          {deleting && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          <Trans>Delete</Trans>
        </Button>
      </Modal.Footer>
    </Modal>
  )
}
