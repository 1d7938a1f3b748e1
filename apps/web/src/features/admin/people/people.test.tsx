import { paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { formatDate } from '../../../lib/format'
import { type ApiCall, answer, page, renderApp, reply, serveApi, staff, staffAs } from '../../../test/app'
import { person } from '../../../test/fixtures'

const asked = (call: ApiCall | undefined) => Object.fromEntries(call?.query ?? [])

const amna = person()
const bilal = person({
  id: 9,
  email: 'bilal@example.com',
  first_name: 'Bilal',
  last_name: 'Ahmed',
  is_staff: true,
  role: 'owner',
  order_count: 0,
  conversation_id: null,
})
/** The signed-in owner's own row */
const me = person({ ...staff, order_count: 0, conversation_id: null })

const rowOf = (name: string) =>
  screen.getByRole('cell', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement

describe('people page', () => {
  it('lists people with their role, joined date, orders, conversation and whether they are active', async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(
        paths.people.listPeople,
        page([amna, bilal, person({ id: 11, first_name: 'Old', is_active: false })]),
      ),
    ])
    renderApp('/adminuser/people', { user: staff })

    expect(await screen.findByRole('heading', { name: 'People' })).toBeVisible()
    const headers = (await screen.findAllByRole('columnheader')).map((header) => header.textContent)
    expect(headers).toEqual(['Name', 'Email', 'Role', 'Joined', 'Orders', 'Active', 'Actions'])
    const row = within(rowOf('Amna Khan'))
    // In its column, and folded under the name for narrower screens (CSS shows one).
    expect(row.getAllByText('amna@example.com')).toHaveLength(2)
    expect(row.getByRole('combobox', { name: 'Role of Amna Khan' })).toHaveValue('customer')
    expect(row.getByText(formatDate(amna.date_joined))).toBeVisible()
    expect(row.getByRole('link', { name: 'Orders of Amna Khan, 3' })).toHaveAttribute(
      'href',
      '/adminuser/orders?search=amna%40example.com',
    )
    expect(row.getByRole('link', { name: 'Conversation with Amna Khan' })).toHaveAttribute(
      'href',
      '/adminuser/messages/12',
    )
    expect(row.getByRole('link', { name: 'History of Amna Khan' })).toHaveAttribute(
      'href',
      '/adminuser/audit?entity=user&entity_id=5',
    )
    expect(row.getByText('Active')).toBeVisible()
    expect(within(rowOf('Old Khan')).getByText('Disabled')).toBeVisible()
    expect(within(rowOf('Old Khan')).getByRole('button', { name: 'Enable Old Khan' })).toBeVisible()
    // No orders, no conversation: nothing to link to.
    expect(within(rowOf('Bilal Ahmed')).queryByRole('link', { name: /Orders of/ })).not.toBeInTheDocument()
    expect(within(rowOf('Bilal Ahmed')).queryByRole('link', { name: /Conversation/ })).not.toBeInTheDocument()
  })

  it('keeps the search and the role in the URL and asks the API for them', async () => {
    const api = serveApi([answer(paths.auth.profile, staff), answer(paths.people.listPeople, page([amna]))])
    const input = userEvent.setup()
    const { router } = renderApp('/adminuser/people?role=manager&page=2', { user: staff })

    expect(await screen.findByLabelText('Role')).toHaveValue('manager')
    await waitFor(() =>
      expect(asked(api.callsTo(paths.people.listPeople)[0])).toEqual({
        role: 'manager',
        page: '2',
        page_size: '50',
      }),
    )
    await input.type(screen.getByLabelText('Search'), 'amna')
    await input.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(router.state.location.search).toBe('?role=manager&search=amna'))
    await waitFor(() =>
      expect(asked(api.callsTo(paths.people.listPeople).at(-1))).toEqual({
        search: 'amna',
        role: 'manager',
        page: '1',
        page_size: '50',
      }),
    )
    await input.selectOptions(screen.getByLabelText('Role'), 'All')
    await waitFor(() => expect(router.state.location.search).toBe('?search=amna'))
  })

  it('lets the owner reset a colleague’s two-factor sign-in after asking, and not their own', async () => {
    const sana = person({
      id: 12,
      first_name: 'Sana',
      last_name: 'Staff',
      is_staff: true,
      role: 'support',
      two_factor_enabled: true,
    })
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.people.listPeople, page([sana, { ...me, two_factor_enabled: true }])),
      answer(paths.people.resetTwoFactor, { ...sana, two_factor_enabled: false }),
    ])
    const input = userEvent.setup()
    renderApp('/adminuser/people', { user: staff })
    await input.click(await screen.findByRole('button', { name: 'Reset two-factor sign-in of Sana Staff' }))
    expect(screen.getAllByRole('button', { name: /^Reset two-factor sign-in of/ })).toHaveLength(1)
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in' })
    await input.click(within(dialog).getByRole('button', { name: 'Reset' }))
    expect(
      await screen.findByText("Sana Staff's two-factor sign-in is off; they have been told by mail."),
    ).toBeInTheDocument()
    expect(api.callsTo(paths.people.resetTwoFactor)[0]?.params).toEqual({ id: '12' })
  })

  it('says when nobody matches', async () => {
    serveApi([answer(paths.auth.profile, staff), answer(paths.people.listPeople, page([]))])
    renderApp('/adminuser/people?search=nobody', { user: staff })
    expect(await screen.findByText('No people match these filters.')).toBeVisible()
  })

  it('says when the list cannot load', async () => {
    serveApi([answer(paths.auth.profile, staff), answer(paths.people.listPeople, reply(500))])
    renderApp('/adminuser/people', { user: staff })
    expect(await screen.findByText('Could not load people.')).toBeVisible()
  })

  it('changes a role with the chosen value, then shows the list as the server has it', async () => {
    let promoted = false
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.people.listPeople, () =>
        page([promoted ? { ...amna, role: 'support', is_staff: true } : amna]),
      ),
      answer(paths.people.updatePerson, () => {
        promoted = true
        return { ...amna, role: 'support', is_staff: true }
      }),
    ])
    const input = userEvent.setup()
    renderApp('/adminuser/people', { user: staff })

    await input.selectOptions(await screen.findByRole('combobox', { name: 'Role of Amna Khan' }), 'Support')
    await waitFor(() => expect(api.callsTo(paths.people.updatePerson)).toHaveLength(1))
    const call = api.callsTo(paths.people.updatePerson)[0]
    expect(call?.params).toEqual({ id: '5' })
    expect(call?.body).toEqual({ role: 'support' })
    expect(await screen.findByText('Amna Khan is now Support.')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Role of Amna Khan' })).toHaveValue('support')
  })

  it('shows the server’s refusal to take the last owner’s role, and puts the role back', async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.people.listPeople, page([bilal])),
      answer(
        paths.people.updatePerson,
        reply(409, { detail: 'The shop must keep at least one active owner.' }),
      ),
    ])
    const input = userEvent.setup()
    renderApp('/adminuser/people', { user: staff })

    const select = await screen.findByRole('combobox', { name: 'Role of Bilal Ahmed' })
    await input.selectOptions(select, 'Manager')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The role of Bilal Ahmed was not changed.')
    expect(alert).toHaveTextContent('The shop must keep at least one active owner.')
    await waitFor(() => expect(select).toHaveValue('owner'))
  })

  it('gives an owner no controls over their own account, and shows a refusal about it', async () => {
    serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.people.listPeople, page([me, amna])),
      answer(paths.people.updatePerson, reply(403, { detail: 'You cannot disable your own account.' })),
    ])
    const input = userEvent.setup()
    renderApp('/adminuser/people', { user: staff })

    const mine = within(await waitFor(() => rowOf('Sana Staff')))
    expect(mine.getByText('(you)')).toBeVisible()
    expect(mine.getByText('Owner')).toBeVisible()
    expect(mine.queryByRole('combobox')).not.toBeInTheDocument()
    expect(mine.queryByRole('button', { name: /Disable/ })).not.toBeInTheDocument()

    // Should the server still refuse (a session of another tab, say), its sentence shows in the dialog.
    await input.click(screen.getByRole('button', { name: 'Disable Amna Khan' }))
    const dialog = await screen.findByRole('dialog')
    await input.click(within(dialog).getByRole('button', { name: 'Disable' }))
    expect(await within(dialog).findByText('You cannot disable your own account.')).toBeVisible()
  })

  it('disables an account after a confirmation', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.people.listPeople, page([amna])),
      answer(paths.people.updatePerson, { ...amna, is_active: false }),
    ])
    const input = userEvent.setup()
    renderApp('/adminuser/people', { user: staff })

    await input.click(await screen.findByRole('button', { name: 'Disable Amna Khan' }))
    const dialog = await screen.findByRole('dialog', { name: 'Disable account' })
    expect(dialog).toHaveTextContent('They are signed out at once')
    expect(api.callsTo(paths.people.updatePerson)).toHaveLength(0)
    await input.click(within(dialog).getByRole('button', { name: 'Disable' }))
    await waitFor(() => expect(api.callsTo(paths.people.updatePerson)[0]?.body).toEqual({ is_active: false }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('shows a manager the people without the owner’s controls', async () => {
    serveApi([answer(paths.auth.profile, staffAs('manager')), answer(paths.people.listPeople, page([amna]))])
    renderApp('/adminuser/people', { user: staffAs('manager') })

    const row = within(await waitFor(() => rowOf('Amna Khan')))
    expect(row.getByText('Customer')).toBeVisible()
    expect(row.queryByRole('combobox')).not.toBeInTheDocument()
    expect(row.queryByRole('button', { name: /Disable/ })).not.toBeInTheDocument()
    expect(row.getByRole('link', { name: 'Orders of Amna Khan, 3' })).toBeVisible()
    expect(row.getByRole('link', { name: 'History of Amna Khan' })).toBeVisible()
  })
})
