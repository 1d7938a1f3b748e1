import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { ApiError, serverDetail } from '../../../lib/api'

/**
 * A refused save, shown where it belongs: each field error of a 400 (API.md `errors`) beside the field
 * it names, and the server's sentence (a 409's "that city has a zone") for the form's alert. The form is
 * not reset, so what was typed stays.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T>, 'getValues' | 'setError'>,
  fallback: string,
): string {
  if (error instanceof ApiError && error.errors) {
    const fields = Object.keys(form.getValues())
    for (const [field, messages] of Object.entries(error.errors)) {
      if (fields.includes(field) && messages[0]) {
        form.setError(field as Path<T>, { type: 'server', message: messages[0] })
      }
    }
  }
  return serverDetail(error) ?? fallback
}
