import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { ApiError, serverDetail } from './api'

/**
 * A refused save, shown where it belongs: each field error of the answer (docs/api.md `errors`) beside the
 * field it names, and the server's sentence for the form's alert, unless a field already says it (a
 * 409 "that city has a zone" comes as both). The form is not reset, so what was typed stays.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T>, 'getValues' | 'setError'>,
  fallback: string,
): string | undefined {
  const shown: string[] = []
  if (error instanceof ApiError && error.errors) {
    const fields = Object.keys(form.getValues())
    for (const [field, [message]] of Object.entries(error.errors)) {
      if (fields.includes(field) && message) {
        form.setError(field as Path<T>, { type: 'server', message })
        shown.push(message)
      }
    }
  }
  const detail = serverDetail(error) ?? fallback
  return shown.includes(detail) ? undefined : detail
}

/** For a form without an alert of its own: the sentence `showServerErrors` leaves goes to the form's root error. */
export function showRefusalInForm<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T>, 'getValues' | 'setError'>,
  fallback: string,
): void {
  const sentence = showServerErrors(error, form, fallback)
  if (sentence) form.setError('root', { type: 'server', message: sentence })
}
