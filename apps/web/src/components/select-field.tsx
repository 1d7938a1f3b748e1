import type { ComponentProps, ReactNode } from 'react'
import { Form } from 'react-bootstrap'
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form'
import { useFieldNotes } from './text-field'

type SelectFieldProps<T extends FieldValues> = Omit<
  ComponentProps<'select'>,
  'size' | 'id' | 'value' | 'form' | 'name' | 'children'
> & {
  /** The form the field belongs to: it registers the field and holds its error (the schema's or the server's) */
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>
  name: Path<T>
  id: string
  label: string
  /** A hint under the field */
  help?: string
  /** How the chosen option becomes the value (e.g. `valueAsNumber`) */
  options?: RegisterOptions<T, Path<T>>
  /** The `<option>`s */
  children: ReactNode
}

/** One labelled select of a form, its hint and error tied to it as `TextField`'s are. */
export function SelectField<T extends FieldValues>({
  form,
  name,
  id,
  label,
  help,
  options,
  className,
  children,
  ...select
}: SelectFieldProps<T>) {
  const notes = useFieldNotes(form, name, id, help)
  return (
    <Form.Group controlId={id} className={className}>
      <Form.Label>{label}</Form.Label>
      <Form.Select {...select} {...form.register(name, options)} {...notes.controlProps}>
        {children}
      </Form.Select>
      {notes.view}
    </Form.Group>
  )
}
