import type { ComponentProps } from 'react'
import { Form } from 'react-bootstrap'
import {
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form'
import { localSentence, useLanguage } from '../lib/i18n'

type TextFieldProps<T extends FieldValues> = Omit<
  ComponentProps<'input'>,
  'size' | 'id' | 'value' | 'form' | 'name'
> & {
  /** The form the field belongs to: it registers the field and holds its error (the schema's or the server's) */
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>
  name: Path<T>
  id: string
  label: string
  /** The label for screen readers only, where the field's place says what it is (a row edited in place) */
  labelHidden?: boolean
  /** A box of several lines, `rows` high */
  as?: 'textarea'
  rows?: number
  /** A hint under the field, e.g. what leaving it empty means */
  help?: string
  /** How the field's text becomes its value (`setValueAs`) */
  options?: RegisterOptions<T, Path<T>>
}

/** One labelled input (or text area) of a form. Its hint and error are tied to it, so a screen reader reads them with the field. */
export function TextField<T extends FieldValues>({
  form,
  name,
  id,
  label,
  labelHidden,
  help,
  options,
  className,
  ...input
}: TextFieldProps<T>) {
  const notes = useFieldNotes(form, name, id, help)
  return (
    <Form.Group controlId={id} className={className}>
      <Form.Label visuallyHidden={labelHidden}>{label}</Form.Label>
      <Form.Control {...input} {...form.register(name, options)} {...notes.controlProps} />
      {notes.view}
    </Form.Group>
  )
}

/**
 * What a form's field shows under it (its hint, its error) and the attributes that tie them to the
 * control; shared by `TextField` and `SelectField`.
 */
export function useFieldNotes<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'formState'>,
  name: Path<T>,
  id: string,
  help: string | undefined,
) {
  useLanguage()
  // The contract's checks speak English; the server's sentences arrive in the reader's language.
  const error = localSentence((get(form.formState.errors, name) as FieldError | undefined)?.message)
  const described = [help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ')
  return {
    controlProps: {
      isInvalid: Boolean(error),
      'aria-invalid': Boolean(error),
      'aria-describedby': described || undefined,
    },
    view: (
      <>
        {help && (
          <Form.Text id={`${id}-help`} className="d-block">
            {help}
          </Form.Text>
        )}
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      </>
    ),
  }
}
