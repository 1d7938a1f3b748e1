import { type Person, Role } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Alert, Badge, Button, Form, Modal, Spinner, Table } from 'react-bootstrap'
import toast from 'react-hot-toast'
import { Link } from 'react-router'
import { Loading } from '../../../components/loading'
import { Pager, usePageParam } from '../../../components/pager'
import { useCan } from '../../../data/access'
import { useSession } from '../../../data/auth'
import { peopleListQuery, useUpdatePerson } from '../../../data/people'
import { serverDetail } from '../../../lib/api'
import { formatDate } from '../../../lib/format'
import { HistoryLink } from '../common/history-link'
import { PageHeader } from '../common/page-header'
import { isFiltered, PeopleFilterForm, usePeopleFilters } from './people-filters'
import { ROLE_LABELS } from './role-labels'

const PAGE_SIZE = 50

const count = new Intl.NumberFormat('en-PK')

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
  const update = useUpdatePerson()
  // The chosen role shows while the server is asked; a refusal puts the server's back.
  const [choice, setChoice] = useState<Role | null>(null)
  if (!editable) return <span>{ROLE_LABELS[person.role]}</span>

  const name = nameOf(person)
  function change(value: string) {
    const role = Role.parse(value)
    setChoice(role)
    onRefused(null)
    update.mutate(
      { id: person.id, body: { role } },
      {
        onSuccess: (changed) => toast.success(`${nameOf(changed)} is now ${ROLE_LABELS[changed.role]}.`),
        onError: (error) =>
          onRefused({ name, sentence: serverDetail(error) ?? 'Could not change the role. Try again.' }),
        onSettled: () => setChoice(null),
      },
    )
  }
  return (
    <Form.Select
      size="sm"
      className="w-auto"
      aria-label={`Role of ${name}`}
      value={choice ?? person.role}
      disabled={update.isPending}
      onChange={(event) => change(event.target.value)}
    >
      {Role.options.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </Form.Select>
  )
}

/** Disabling signs the person out at once; both directions ask first. The server's refusal stays in the dialog. */
function ActiveDialog({ person, onClose }: { person: Person | null; onClose(): void }) {
  const update = useUpdatePerson()
  const [error, setError] = useState<string>()
  // The person stays while the dialog fades out, so its text does not change as it goes.
  const [shown, setShown] = useState(person)
  if (person && person !== shown) setShown(person)
  const target = person ?? shown
  if (!target) return null

  const name = nameOf(target)
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
          toast.success(disabling ? `${name}'s account is disabled.` : `${name}'s account is enabled.`)
          close()
        },
        onError: (failure) => setError(serverDetail(failure) ?? 'Could not change the account. Try again.'),
      },
    )
  }

  return (
    <Modal show={person !== null} onHide={close} centered aria-labelledby="person-active-title">
      <Modal.Header closeButton>
        <Modal.Title id="person-active-title" as="h2" className="h5">
          {disabling ? 'Disable account' : 'Enable account'}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && <Alert variant="danger">{error}</Alert>}
        {disabling ? (
          <p className="mb-0">
            Disable the account of <strong>{name}</strong> ({target.email})? They are signed out at once and
            cannot log in until the account is enabled again.
          </p>
        ) : (
          <p className="mb-0">
            Enable the account of <strong>{name}</strong> ({target.email})? They can log in again.
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={close} disabled={update.isPending}>
          Cancel
        </Button>
        <Button variant={disabling ? 'danger' : 'primary'} onClick={confirm} disabled={update.isPending}>
          {update.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {disabling ? 'Disable' : 'Enable'}
        </Button>
      </Modal.Footer>
    </Modal>
  )
}

export function PeoplePage() {
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

  return (
    <>
      <PageHeader title="People" subtitle="Customers and staff: their roles, orders and conversations." />
      <PeopleFilterForm key={filters.search ?? ''} filters={filters} onChange={setFilters} />
      {refusal && (
        <Alert variant="danger" dismissible onClose={() => setRefusal(null)}>
          <strong>The role of {refusal.name} was not changed.</strong> {refusal.sentence}
        </Alert>
      )}
      {people.isPending ? (
        <Loading />
      ) : people.isError ? (
        <Alert variant="danger">Could not load people.</Alert>
      ) : people.data.count === 0 ? (
        <p className="text-body-secondary" role="status">
          {filtered ? 'No people match these filters.' : 'No people yet.'}
        </p>
      ) : (
        <>
          {filtered && (
            <p className="small text-body-secondary" role="status">
              {count.format(people.data.count)} {people.data.count === 1 ? 'person matches' : 'people match'}
            </p>
          )}
          <Table responsive hover className="align-middle bg-white shadow-sm admin-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="d-none d-xxl-table-cell">
                  Email
                </th>
                <th scope="col">Role</th>
                <th scope="col">Joined</th>
                <th scope="col">Orders</th>
                <th scope="col">Active</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {people.data.results.map((person) => {
                const name = nameOf(person)
                const self = person.id === user?.id
                return (
                  <tr key={person.id}>
                    <td>
                      <span>
                        {name}
                        {self && <span className="text-body-secondary"> (you)</span>}
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
                          aria-label={`Orders of ${name}, ${person.order_count}`}
                        >
                          {count.format(person.order_count)}
                        </Link>
                      ) : (
                        count.format(person.order_count)
                      )}
                    </td>
                    <td>
                      {person.is_active ? (
                        <Badge bg="success">Active</Badge>
                      ) : (
                        <Badge bg="secondary">Disabled</Badge>
                      )}
                    </td>
                    <td>
                      <div className="d-flex flex-wrap gap-2">
                        {seesMessages && person.conversation_id !== null && (
                          <Link
                            to={`/adminuser/messages/${person.conversation_id}`}
                            className="btn btn-sm btn-outline-primary text-nowrap"
                            aria-label={`Conversation with ${name}`}
                          >
                            Conversation
                          </Link>
                        )}
                        <HistoryLink entity="user" id={person.id} label={`History of ${name}`} />
                        {changesRoles && !self && (
                          <Button
                            size="sm"
                            variant={person.is_active ? 'outline-danger' : 'outline-success'}
                            onClick={() => setToggling(person)}
                            aria-label={`${person.is_active ? 'Disable' : 'Enable'} ${name}`}
                          >
                            {person.is_active ? 'Disable' : 'Enable'}
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </Table>
          <Pager page={page} count={people.data.count} pageSize={PAGE_SIZE} />
        </>
      )}
      <ActiveDialog person={toggling} onClose={() => setToggling(null)} />
    </>
  )
}
