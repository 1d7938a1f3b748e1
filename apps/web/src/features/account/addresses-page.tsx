import { Trans, useLingui } from '@lingui/react/macro'
import type { Address } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import { Loading } from '../../components/loading'
import { addressesQuery, useCreateAddress, useDeleteAddress, useUpdateAddress } from '../../data/addresses'
import { useSession } from '../../data/auth'
import { serverDetail } from '../../lib/api'
import { toast } from '../../lib/toast'
import { useTitle } from '../../lib/use-title'
import { AddressForm } from './address-form'

function AddressCard({ address, onEdit }: { address: Address; onEdit: () => void }) {
  const { t } = useLingui()
  const update = useUpdateAddress()
  const remove = useDeleteAddress()
  const { id, label, is_default, ...fields } = address
  const failed = (error: unknown) =>
    toast.error(serverDetail(error) ?? t`Could not change the address. Try again.`)
  return (
    <li className="card">
      <div className="card-body">
        <h2 className="h6 d-flex align-items-center gap-2">
          {label}
          {is_default && (
            <Badge bg="primary">
              <Trans>Default</Trans>
            </Badge>
          )}
        </h2>
        <address className="mb-3">
          {fields.first_name} {fields.last_name}
          <br />
          {fields.address}
          <br />
          {fields.city} {fields.postal_code}
          <br />
          <span dir="ltr">{fields.phone}</span>
        </address>
        <div className="d-flex flex-wrap gap-2">
          <Button size="sm" variant="outline-primary" onClick={onEdit} aria-label={t`Edit ${label}`}>
            <Trans>Edit</Trans>
          </Button>
          {!is_default && (
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={update.isPending}
              onClick={() =>
                update.mutate({ id, body: { label, ...fields, is_default: true } }, { onError: failed })
              }
            >
              <Trans>Make default</Trans>
            </Button>
          )}
          <Button
            size="sm"
            variant="outline-danger"
            disabled={remove.isPending}
            aria-label={t`Delete ${label}`}
            onClick={() => {
              if (window.confirm(t`Delete the address "${label}"?`)) {
                remove.mutate(id, { onSuccess: () => toast.success(t`Address deleted.`), onError: failed })
              }
            }}
          >
            <Trans>Delete</Trans>
          </Button>
        </div>
      </div>
    </li>
  )
}

/** The customer's saved addresses: the checkout offers them, the default first. */
export function AddressesPage() {
  const { t } = useLingui()
  useTitle(t`My Addresses`)
  const { user } = useSession()
  const addresses = useQuery({ ...addressesQuery(user?.id ?? 0), enabled: Boolean(user) })
  const create = useCreateAddress()
  const update = useUpdateAddress()
  const [editing, setEditing] = useState<number | 'new' | null>(null)

  return (
    <div className="container py-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="page-title mb-0">
          <Trans>My Addresses</Trans>
        </h1>
        {editing !== 'new' && (
          <Button onClick={() => setEditing('new')}>
            <Trans>Add an address</Trans>
          </Button>
        )}
      </div>
      {editing === 'new' && (
        <section className="card mb-4" aria-label={t`New address`}>
          <div className="card-body">
            <AddressForm
              onSave={async (body) => {
                await create.mutateAsync(body)
                toast.success(t`Address saved.`)
                setEditing(null)
              }}
              onCancel={() => setEditing(null)}
            />
          </div>
        </section>
      )}
      {addresses.isPending ? (
        <Loading label={t`Loading your addresses...`} />
      ) : addresses.isError ? (
        <Alert variant="danger">
          <Trans>Could not load your addresses.</Trans>
        </Alert>
      ) : addresses.data.length === 0 ? (
        editing !== 'new' && (
          <p className="text-muted">
            <Trans>You have no saved addresses yet. Save one here or at checkout.</Trans>
          </p>
        )
      ) : (
        <ul className="address-book">
          {addresses.data.map((address) =>
            editing === address.id ? (
              <li key={address.id} className="card">
                <div className="card-body">
                  <AddressForm
                    address={address}
                    onSave={async (body) => {
                      await update.mutateAsync({ id: address.id, body })
                      toast.success(t`Address saved.`)
                      setEditing(null)
                    }}
                    onCancel={() => setEditing(null)}
                  />
                </div>
              </li>
            ) : (
              <AddressCard key={address.id} address={address} onEdit={() => setEditing(address.id)} />
            ),
          )}
        </ul>
      )}
    </div>
  )
}
