import type { ErrorBody } from '@store/contract'

/** An error the client caused or may see: its status and `detail` go out as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: ErrorBody['errors'],
    readonly headers?: Record<string, string>,
  ) {
    super(detail)
  }
}

export function httpError(statusCode: number, detail: string, errors?: ErrorBody['errors']): HttpError {
  return new HttpError(statusCode, detail, errors)
}

export const notFound = (what = 'Not found.') => httpError(404, what)
