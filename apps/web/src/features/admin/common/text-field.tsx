import type { ComponentProps } from 'react'
import { Form } from 'react-bootstrap'

type TextFieldProps = Omit<ComponentProps<'input'>, 'size' | 'id' | 'value'> & {
  id: string
  label: string
  /** The field's error, from the contract's schema or the server */
  error?: string
  /** A hint under the field, e.g. what leaving it empty means */
  help?: string
}

/**
 * One labelled input of a back-office form (spread `register(name)` into it). Its hint and error are
 * tied to it, so a screen reader reads them with the field.
 */
export function TextField({ id, label, error, help, className, ...input }: TextFieldProps) {
  const described = [help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ')
  return (
    <Form.Group controlId={id} className={className}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...input}
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={described || undefined}
      />
      {help && (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  )
}
