import { Trans, useLingui } from '@lingui/react/macro'
import type { SignedInDevice } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import { ConfirmModal } from '../../components/confirm-modal'
import { Loading } from '../../components/loading'
import { signedInDevicesQuery, useEndOtherSessions, useEndSession } from '../../data/auth'
import { serverDetail } from '../../lib/api'
import { formatDateTime } from '../../lib/format'
import { toast } from '../../lib/toast'

/** "Chrome on Windows", or as much of it as the browser told at sign-in. */
function useDeviceName() {
  const { t } = useLingui()
  return ({ browser, os }: SignedInDevice): string => {
    if (browser && os) return t`${browser} on ${os}`
    if (browser) return browser
    if (os) return t`Unknown browser on ${os}`
    return t`Unknown browser`
  }
}

function DeviceItem({ device, name }: { device: SignedInDevice; name: string }) {
  const { t } = useLingui()
  const end = useEndSession()
  const detailsId = `device-${device.id}-details`
  const lastUsed = formatDateTime(device.last_used_at)
  return (
    <li className="list-group-item px-0 py-3 d-flex flex-wrap align-items-center gap-2">
      <div className="me-auto">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <strong>{name}</strong>
          {device.current && (
            <Badge bg="success">
              <Trans>This device</Trans>
            </Badge>
          )}
        </div>
        <div id={detailsId} className="small text-muted">
          {device.ip ? (
            <span dir="ltr" className="text-break">
              {device.ip}
            </span>
          ) : (
            <Trans>Address unknown</Trans>
          )}
          {' · '}
          <Trans>
            Last used <time dateTime={device.last_used_at}>{lastUsed}</time>
          </Trans>
        </div>
      </div>
      {!device.current && (
        <Button
          size="sm"
          variant="outline-danger"
          disabled={end.isPending}
          aria-label={t`Sign out ${name}`}
          aria-describedby={detailsId}
          onClick={() =>
            end.mutate(device.id, {
              onSuccess: () => toast.success(t`${name} is signed out.`),
              onError: (error) =>
                toast.error(serverDetail(error) ?? t`Could not sign the device out. Try again.`),
            })
          }
        >
          <Trans>Sign out</Trans>
        </Button>
      )}
    </li>
  )
}

/** Asks before signing out every other device: each of them has to log in again. */
function EndOtherSessions() {
  const { t } = useLingui()
  const [confirming, setConfirming] = useState(false)
  const endOthers = useEndOtherSessions()
  const close = () => setConfirming(false)
  return (
    <>
      <Button variant="outline-danger" className="mt-3" onClick={() => setConfirming(true)}>
        <Trans>Sign out all other devices</Trans>
      </Button>
      <ConfirmModal
        show={confirming}
        title={t`Sign out all other devices?`}
        confirmLabel={t`Sign out other devices`}
        busy={endOthers.isPending}
        onCancel={close}
        onConfirm={() =>
          endOthers.mutate(undefined, {
            onSuccess: () => {
              toast.success(t`Other devices have been signed out.`)
              close()
            },
            onError: (error) =>
              toast.error(serverDetail(error) ?? t`Could not sign the other devices out. Try again.`),
          })
        }
      >
        <Trans>
          Every other device has to log in again to use your account. This device stays signed in.
        </Trans>
      </ConfirmModal>
    </>
  )
}

/** Where the account is signed in, this browser first, and a way to sign out the others. */
export function SignedInDevices({ userId }: { userId: number }) {
  const { t } = useLingui()
  const devices = useQuery(signedInDevicesQuery(userId))
  const nameOf = useDeviceName()
  if (devices.isPending) return <Loading label={t`Loading your signed-in devices...`} />
  if (devices.isError) {
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2 mb-0">
        <span className="me-auto">
          <Trans>Could not load your signed-in devices.</Trans>
        </span>
        <Button size="sm" variant="outline-danger" onClick={() => devices.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    )
  }
  if (devices.data.length === 0) {
    return (
      <p className="text-muted mb-0">
        <Trans>No signed-in devices to show.</Trans>
      </p>
    )
  }
  const thisFirst = [...devices.data].sort((a, b) => Number(b.current) - Number(a.current))
  return (
    <>
      <ul className="list-group list-group-flush" aria-label={t`Signed-in devices`}>
        {thisFirst.map((device) => (
          <DeviceItem key={device.id} device={device} name={nameOf(device)} />
        ))}
      </ul>
      {devices.data.some((device) => !device.current) && <EndOtherSessions />}
    </>
  )
}
