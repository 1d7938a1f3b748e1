import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useId } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Modal from 'react-bootstrap/Modal'
import Spinner from 'react-bootstrap/Spinner'

interface ConfirmModalProps {
  show: boolean
  title: string
  /** The confirming button's words ("Delete", "Sign out other devices") */
  confirmLabel: string
  /** `danger` for what cannot be undone or signs someone out */
  variant?: 'danger' | 'primary'
  /** The change is under way: both buttons wait */
  busy: boolean
  /** The server's refusal, kept in the dialog */
  error?: string
  onCancel(): void
  onConfirm(): void
  /** What happens, and what follows from it */
  children: ReactNode
}

/** A change that signs someone out, deletes or cannot be undone asks first, in one dialog for the shop and the back office. */
export function ConfirmModal({
  show,
  title,
  confirmLabel,
  variant = 'danger',
  busy,
  error,
  onCancel,
  onConfirm,
  children,
}: ConfirmModalProps) {
  const { t } = useLingui()
  const titleId = useId()
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={t`Close`}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && <Alert variant="danger">{error}</Alert>}
        {children}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant={variant} onClick={onConfirm} disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  )
}
