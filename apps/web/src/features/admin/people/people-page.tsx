import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { type Person, Role } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Alert, Badge, Button, Form } from 'react-bootstrap'
import { Link } from 'react-router'
import { ConfirmModal } from '../../../components/confirm-modal'
import { usePageParam } from '../../../components/pager'
import { useCan } from '../../../data/access'
import { useSession } from '../../../data/auth'
import { serverDetail } from '../../../lib/api'
import { formatDate } from '../../../lib/format'
import { toast } from '../../../lib/toast'
import { isFiltered } from '../common/filter-form'
import { HistoryLink } from '../common/history-link'
import { ListTable, PagedListState } from '../common/list-state'
import { useCountFormat } from '../common/locale'
import { PageHeader } from '../common/page-header'
import { peopleListQuery, useResetTwoFactor, useUpdatePerson } from './data'
import { PeopleFilterForm, usePeopleFilters } from './people-filters'
import { ROLE_LABELS } from './role-labels'

const PAGE_SIZE = 50

const nameOf = (person: Person) => `${person.first_name} ${person.last_name}`.trim() || person.email

/** A role change the server refused: whose, and its sentence (403 for your own, 409 for the last owner). */
interface Refusal {
  name: string
  sentence: string
}

/**
 * The role of one person: a select for an owner (applied at once), plain text for everyone else and
 * on the owner's own row (nobody changes their own role).
 */
function RoleCell({
  person,
  editable,
  onRefused,
}: {
  person: Person
  editable: boolean
  onRefused(refusal: Refusal | null): void
}) {
  const { i18n, t } = useLingui()
  const update = useUpdatePerson()
  // The chosen role shows while the server is asked; a refusal puts the server's back.
  const [choice, setChoice] = useState<Role | null>(null)
  if (!editable) return <span>{i18n._(ROLE_LABELS[person.role])}</span>

  const name = nameOf(person)
  function change(value: string) {
    const role = Role.parse(value)
    setChoice(role)
    onRefused(null)
    update.mutate(
      { id: person.id, body: { role } },
      {
        onSuccess: (changed) => {
          const changedName = nameOf(changed)
          const roleName = i18n._(ROLE_LABELS[changed.role])
          toast.success(t`${changedName} is now ${roleName}.`)
        },
        onError: (error) =>
          onRefused({ name, sentence: serverDetail(error) ?? t`Could not change the role. Try again.` }),
        onSettled: () => setChoice(null),
      },
    )
  }
  return (
    <Form.Select
      size="sm"
      className="w-auto"
      aria-label={t`Role of ${name}`}
      value={choice ?? person.role}
      disabled={update.isPending}
      onChange={(event) => change(event.target.value)}
    >
      {Role.options.map((role) => (
        <option key={role} value={role}>
          {i18n._(ROLE_LABELS[role])}
        </option>
      ))}
    </Form.Select>
  )
}

/** The person a dialog is about: kept while the dialog fades out after closing, so its text does not change as it goes. */
function useLastShown(person: Person | null): Person | null {
  const [shown, setShown] = useState(person)
  if (person && person !== shown) setShown(person)
  return person ?? shown
}

/** Disabling signs the person out at once; both directions ask first. The server's refusal stays in the dialog. */
function ActiveDialog({ person, onClose }: { person: Person | null; onClose(): void }) {
  const { t } = useLingui()
  const update = useUpdatePerson()
  const [error, setError] = useState<string>()
  const target = useLastShown(person)
  if (!target) return null

  const name = nameOf(target)
  const email = target.email
  const disabling = target.is_active
  const close = () => {
    setError(undefined)
    onClose()
  }
  function confirm() {
    if (!target) return
    update.mutate(
      { id: target.id, body: { is_active: !disabling } },
      {
        onSuccess: () => {
          toast.success(disabling ? t`${name}'s account is disabled.` : t`${name}'s account is enabled.`)
          close()
        },
        onError: (failure) => setError(serverDetail(failure) ?? t`Could not change the account. Try again.`),
      },
    )
  }

  return (
    <ConfirmModal
      show={person !== null}
      title={disabling ? t`Disable account` : t`Enable account`}
      confirmLabel={disabling ? t`Disable` : t`Enable`}
      variant={disabling ? 'danger' : 'primary'}
      busy={update.isPending}
      error={error}
      onCancel={close}
      onConfirm={confirm}
    >
      {disabling ? (
        <p className="mb-0">
          <Trans>
            Disable the account of <strong>{name}</strong> ({email})? They are signed out at once and cannot
            log in until the account is enabled again.
          </Trans>
        </p>
      ) : (
        <p className="mb-0">
          <Trans>
            Enable the account of <strong>{name}</strong> ({email})? They can log in again.
          </Trans>
        </p>
      )}
    </ConfirmModal>
  )
}

/** The owner resets a colleague's two-factor sign-in, after asking; the server's refusal stays in the dialog. */
function ResetTwoFactorDialog({ person, onClose }: { person: Person | null; onClose(): void }) {
  const { t } = useLingui()
  const reset = useResetTwoFactor()
  const [error, setError] = useState<string>()
  const target = useLastShown(person)
  if (!target) return null

  const name = nameOf(target)
  const close = () => {
    setError(undefined)
    onClose()
  }
  function confirm() {
    if (!target) return
    reset.mutate(target.id, {
      onSuccess: () => {
        toast.success(t`${name}'s two-factor sign-in is off; they have been told by mail.`)
        close()
      },
      onError: (failure) =>
        setError(serverDetail(failure) ?? t`Could not reset two-factor sign-in. Try again.`),
    })
  }

  return (
    <ConfirmModal
      show={person !== null}
      title={t`Reset two-factor sign-in`}
      confirmLabel={t`Reset`}
      busy={reset.isPending}
      error={error}
      onCancel={close}
      onConfirm={confirm}
    >
      <p className="mb-0">
        <Trans>
          Turn off two-factor sign-in for <strong>{name}</strong>? Do it only when they lost their phone and
          their recovery codes: they sign in with the password alone until they set it up again.
        </Trans>
      </p>
    </ConfirmModal>
  )
}

function RoleNotChanged({ name }: { name: string }) {
  return <Trans>The role of {name} was not changed.</Trans>
}

/** "3 people match": the count as the page writes numbers, its words by the plural rules. */
function Matches({ count, shown }: { count: number; shown: string }) {
  return <Plural value={count} one={`${shown} person matches`} other={`${shown} people match`} />
}

export function PeoplePage() {
  const { t } = useLingui()
  const count = useCountFormat()
  const { user } = useSession()
  const page = usePageParam()
  const [filters, setFilters] = usePeopleFilters()
  const filtered = isFiltered(filters)
  const people = useQuery(peopleListQuery({ ...filters, page, page_size: PAGE_SIZE }))
  const changesRoles = useCan('roles')
  const seesOrders = useCan('orders')
  const seesMessages = useCan('messages')
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const [toggling, setToggling] = useState<Person | null>(null)
  const [resetting, setResetting] = useState<Person | null>(null)

  return (
    <>
      <PageHeader
        title={t`People`}
        subtitle={t`Customers and staff: their roles, orders and conversations.`}
      />
      <PeopleFilterForm key={filters.search ?? ''} filters={filters} onChange={setFilters} />
      {refusal && (
        <Alert variant="danger" dismissible onClose={() => setRefusal(null)}>
          <strong>
            <RoleNotChanged name={refusal.name} />
          </strong>{' '}
          {refusal.sentence}
        </Alert>
      )}
      <PagedListState
        query={people}
        page={page}
        pageSize={PAGE_SIZE}
        failure={<Trans>Could not load people.</Trans>}
        empty={filtered ? t`No people match these filters.` : t`No people yet.`}
        announced
        matches={filtered ? (total) => <Matches count={total} shown={count(total)} /> : undefined}
      >
        {(results) => (
          <ListTable
            columns={[
              { label: t`Name` },
              { label: t`Email`, className: 'd-none d-xxl-table-cell' },
              { label: t`Role` },
              { label: t`Joined` },
              { label: t`Orders` },
              { label: t`Active` },
              { label: t`Actions` },
            ]}
          >
            {results.map((person) => {
              const name = nameOf(person)
              const self = person.id === user?.id
              const orderCount = person.order_count
              return (
                <tr key={person.id}>
                  <td>
                    <span>
                      {name}
                      {self && (
                        <span className="text-body-secondary">
                          {' '}
                          <Trans>(you)</Trans>
                        </span>
                      )}
                    </span>
                    {/* Narrower screens fold the email under the name. */}
                    <div className="d-xxl-none small text-body-secondary">{person.email}</div>
                  </td>
                  <td className="d-none d-xxl-table-cell">{person.email}</td>
                  <td>
                    <RoleCell person={person} editable={changesRoles && !self} onRefused={setRefusal} />
                  </td>
                  <td className="text-nowrap">{formatDate(person.date_joined)}</td>
                  <td>
                    {/* The admin order list's search matches the email. */}
                    {seesOrders && person.order_count > 0 ? (
                      <Link
                        to={`/adminuser/orders?${new URLSearchParams({ search: person.email }).toString()}`}
                        aria-label={t`Orders of ${name}, ${orderCount}`}
                      >
                        {count(person.order_count)}
                      </Link>
                    ) : (
                      count(person.order_count)
                    )}
                  </td>
                  <td>
                    {person.is_active ? (
                      <Badge bg="success">
                        <Trans>Active</Trans>
                      </Badge>
                    ) : (
                      <Badge bg="secondary">
                        <Trans>Disabled</Trans>
                      </Badge>
                    )}
                  </td>
                  <td>
                    <div className="d-flex flex-wrap gap-2">
                      {seesMessages && person.conversation_id !== null && (
                        <Link
                          to={`/adminuser/messages/${person.conversation_id}`}
                          className="btn btn-sm btn-outline-primary text-nowrap"
                          aria-label={t`Conversation with ${name}`}
                        >
                          <Trans>Conversation</Trans>
                        </Link>
                      )}
                      <HistoryLink entity="user" id={person.id} label={t`History of ${name}`} />
                      {changesRoles && !self && (
                        <Button
                          size="sm"
                          variant={person.is_active ? 'outline-danger' : 'outline-success'}
                          onClick={() => setToggling(person)}
                          aria-label={person.is_active ? t`Disable ${name}` : t`Enable ${name}`}
                        >
                          {person.is_active ? t`Disable` : t`Enable`}
                        </Button>
                      )}
                      {changesRoles && !self && person.two_factor_enabled && (
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          className="text-nowrap"
                          onClick={() => setResetting(person)}
                          aria-label={t`Reset two-factor sign-in of ${name}`}
                        >
                          <Trans>Reset two-factor</Trans>
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              )
            })}
          </ListTable>
        )}
      </PagedListState>
      <ActiveDialog person={toggling} onClose={() => setToggling(null)} />
      <ResetTwoFactorDialog person={resetting} onClose={() => setResetting(null)} />
    </>
  )
}
