import type { ComponentProps } from 'react'
import Form from 'react-bootstrap/Form'
import { localSentence, useLanguage } from '../../../lib/i18n'

/** The form's sentences by field (`city`, `customer.phone`, `items.0.quantity`), the contract's or the server's. */
export type DeskErrors = Readonly<Record<string, string | undefined>>

type InputProps = Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange' | 'size' | 'ref'>

/**
 * One labelled field of the order desk, its hint and error tied to it so a screen reader reads them
 * with it. The desk's values are plain state (lines come and go), not a registered form.
 */
export function DeskField({
  id,
  label,
  error,
  help,
  value,
  onChange,
  as,
  rows,
  className,
  labelHidden,
  ...input
}: InputProps & {
  id: string
  label: string
  error: string | undefined
  help?: string
  value: string
  onChange(value: string): void
  as?: 'textarea'
  rows?: number
  labelHidden?: boolean
}) {
  useLanguage()
  const sentence = error && localSentence(error)
  const described = [help && `${id}-help`, sentence && `${id}-error`].filter(Boolean).join(' ')
  return (
    <Form.Group controlId={id} className={className}>
      <Form.Label visuallyHidden={labelHidden}>{label}</Form.Label>
      <Form.Control
        {...input}
        {...(as && { as, rows })}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        isInvalid={Boolean(sentence)}
        aria-invalid={Boolean(sentence)}
        aria-describedby={described || undefined}
      />
      {help && (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {sentence}
      </Form.Control.Feedback>
    </Form.Group>
  )
}

/** A labelled select of the desk, its error tied to it as `DeskField`'s. */
export function DeskSelect({
  id,
  label,
  error,
  value,
  onChange,
  children,
  className,
}: {
  id: string
  label: string
  error: string | undefined
  value: string
  onChange(value: string): void
  children: React.ReactNode
  className?: string
}) {
  useLanguage()
  const sentence = error && localSentence(error)
  return (
    <Form.Group controlId={id} className={className}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        isInvalid={Boolean(sentence)}
        aria-invalid={Boolean(sentence)}
        aria-describedby={sentence ? `${id}-error` : undefined}
      >
        {children}
      </Form.Select>
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {sentence}
      </Form.Control.Feedback>
    </Form.Group>
  )
}
