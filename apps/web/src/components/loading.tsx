import { useLingui } from '@lingui/react/macro'
import Spinner from 'react-bootstrap/Spinner'

/** A centred spinner that says what is loading to screen readers. */
export function Loading({ label }: { label?: string }) {
  const { t } = useLingui()
  return (
    <div className="d-flex justify-content-center py-5" role="status">
      <Spinner animation="border" className="text-brand" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t`Loading...`}</span>
    </div>
  )
}
