import { Trans } from '@lingui/react/macro'
import { type FormEventHandler, type ReactNode, useState } from 'react'
import { Alert, Button, Form, Modal } from 'react-bootstrap'
import { SubmitButton } from '../../../components/submit-button'

const TITLE_ID = 'modal-form-title'

/**
 * A dialog for an add or edit form. Its content mounts when it opens and goes when it has closed, so a
 * form inside starts from its own values each time; focus returns to the button that opened it.
 */
export function FormDialog({
  show,
  onHide,
  children,
}: {
  show: boolean
  onHide(): void
  children: ReactNode
}) {
  return (
    <Modal show={show} onHide={onHide} centered size="lg" aria-labelledby={TITLE_ID}>
      {children}
    </Modal>
  )
}

/**
 * Which record the add or edit dialog is for (none: a new one). The record stays while the dialog
 * fades out, so its title does not change as it goes.
 */
export function useFormDialog<T>() {
  const [target, setTarget] = useState<{ record?: T }>({})
  const [show, setShow] = useState(false)
  return {
    show,
    record: target.record,
    open: (record?: T) => {
      setTarget({ record })
      setShow(true)
    },
    close: () => setShow(false),
  }
}

interface ModalFormProps {
  title: string
  submitLabel: string
  saving: boolean
  /** The server's refusal, shown above the fields */
  error?: string
  onCancel(): void
  onSubmit: FormEventHandler<HTMLFormElement>
  children: ReactNode
}

/** The form inside a `FormDialog`: title, the server's refusal, the fields, Cancel and the save button. */
export function ModalForm({
  title,
  submitLabel,
  saving,
  error,
  onCancel,
  onSubmit,
  children,
}: ModalFormProps) {
  return (
    <Form noValidate onSubmit={onSubmit}>
      <Modal.Header closeButton>
        <Modal.Title id={TITLE_ID} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="d-grid gap-3">
        {error && (
          <Alert variant="danger" className="mb-0">
            {error}
          </Alert>
        )}
        {children}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          <Trans>Cancel</Trans>
        </Button>
        <SubmitButton busy={saving}>{submitLabel}</SubmitButton>
      </Modal.Footer>
    </Form>
  )
}
