import type { ReactNode } from 'react'
import Button, { type ButtonProps } from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'

/**
 * A form's submit button: disabled, with a spinner, while the form is being sent; `disabled` too
 * while there is nothing to send.
 */
export function SubmitButton({
  busy,
  disabled,
  children,
  ...props
}: { busy: boolean; children: ReactNode } & Omit<ButtonProps, 'type'>) {
  return (
    <Button type="submit" disabled={busy || disabled} {...props}>
      {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
      {children}
    </Button>
  )
}
