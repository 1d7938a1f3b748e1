import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Button } from 'react-bootstrap'
import { serverDetail } from '../../../lib/api'
import { toast } from '../../../lib/toast'

/** A download of the back office's: the button is busy while the file comes, and says when it failed. */
export function DownloadButton({
  label,
  download,
  size,
}: {
  label: string
  download: () => Promise<void>
  size?: 'sm'
}) {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    try {
      await download()
    } catch (error) {
      console.error('Download failed', error)
      toast.error(serverDetail(error) ?? t`The file could not be downloaded. Please try again.`)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="outline-secondary" size={size} onClick={run} disabled={busy} aria-busy={busy}>
      {busy ? <Trans>Preparing file…</Trans> : label}
    </Button>
  )
}
