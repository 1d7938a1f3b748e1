import { paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, renderApp, reply, serveApi, staffAs } from '../../../test/app'
import { run, stop } from '../../../test/fixtures'

const driver = staffAs('delivery')

function serve(...more: ReturnType<typeof answer>[]) {
  return serveApi([...more, answer(paths.auth.profile, driver)])
}

describe("the driver's deliveries", () => {
  it('is the delivery role’s home and only section, and shows each stop as the driver needs it', async () => {
    serve(answer(paths.dispatch.myRuns, [run()]))
    const { router } = renderApp('/adminuser/', { user: driver })
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminuser/deliveries'))
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['My deliveries'])

    const card = await screen.findByRole('article', { name: 'Stop 1 · Order #41' })
    expect(card).toHaveTextContent('Amna Khan')
    expect(card).toHaveTextContent('12 Canal Road, Lahore')
    expect(card).toHaveTextContent('Oak Wardrobe × 1 Finish: Walnut')
    expect(card).toHaveTextContent('Floor 3, no lift · Assemble')
    expect(card).toHaveTextContent('Collect PKR 52,000')
    const map = within(card).getByRole('link', { name: 'Open in Maps' })
    expect(map).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=12%20Canal%20Road%2C%20Lahore',
    )
    expect(map).toHaveAttribute('target', '_blank')
    expect(within(card).getByRole('link', { name: /Call/ })).toHaveAttribute('href', 'tel:03001234567')
  })

  it('marks a stop delivered with the cash collected, prefilled with the balance, as JSON', async () => {
    const api = serve(
      answer(paths.dispatch.myRuns, [run()]),
      answer(paths.dispatch.markDelivered, stop({ status: 'delivered', cash_collected: '50000.00' })),
    )
    renderApp('/adminuser/deliveries', { user: driver })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Delivered: order #41' }))
    const cash = screen.getByLabelText('Cash collected (PKR)')
    expect(cash).toHaveValue('52000')
    await user.clear(cash)
    await user.type(cash, '50000')
    await user.type(screen.getByLabelText('Note (optional)'), 'Rest by transfer')
    await user.click(screen.getByRole('button', { name: 'Confirm delivery' }))

    await waitFor(() => expect(api.callsTo(paths.dispatch.markDelivered)).toHaveLength(1))
    const [call] = api.callsTo(paths.dispatch.markDelivered)
    expect(call?.params).toEqual({ id: '41' })
    expect(call?.body).toEqual({ cash_collected: '50000', note: 'Rest by transfer' })
    // The list is asked again and shows the stop done.
    await waitFor(() => expect(api.callsTo(paths.dispatch.myRuns).length).toBeGreaterThan(1))
  })

  it('sends the photo of the signed challan as multipart', async () => {
    const api = serve(
      answer(paths.dispatch.myRuns, [run()]),
      answer(paths.dispatch.markDelivered, stop({ status: 'delivered', cash_collected: '52000.00' })),
    )
    renderApp('/adminuser/deliveries', { user: driver })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Delivered: order #41' }))
    const photo = new File(['jpeg'], 'challan.jpg', { type: 'image/jpeg' })
    const input = screen.getByLabelText('Photo of the signed challan (optional)')
    expect(input).toHaveAttribute('capture', 'environment')
    await user.upload(input, photo)
    await user.click(screen.getByRole('button', { name: 'Confirm delivery' }))

    await waitFor(() => expect(api.callsTo(paths.dispatch.markDelivered)).toHaveLength(1))
    const form = api.callsTo(paths.dispatch.markDelivered)[0]?.body as FormData
    expect(form.get('cash_collected')).toBe('52000')
    expect(form.get('note')).toBe('')
    expect((form.get('photo') as File).name).toBe('challan.jpg')
  })

  it('records a failed delivery only with a reason', async () => {
    const api = serve(
      answer(paths.dispatch.myRuns, [run()]),
      answer(paths.dispatch.markFailed, stop({ status: 'failed', failed_reason: 'Nobody home' })),
    )
    renderApp('/adminuser/deliveries', { user: driver })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Could not deliver: order #41' }))
    await user.click(screen.getByRole('button', { name: 'Record failed delivery' }))
    expect(await screen.findByText('Say why the delivery failed.')).toBeVisible()
    expect(api.callsTo(paths.dispatch.markFailed)).toHaveLength(0)

    await user.type(screen.getByLabelText('Why could it not be delivered?'), 'Nobody home')
    await user.click(screen.getByRole('button', { name: 'Record failed delivery' }))
    await waitFor(() =>
      expect(api.callsTo(paths.dispatch.markFailed)[0]?.body).toEqual({ reason: 'Nobody home' }),
    )
  })

  it('shows a done stop’s outcome and the server’s refusal', async () => {
    serve(
      answer(paths.dispatch.myRuns, [
        run({
          stops: [
            stop({ status: 'delivered', cash_collected: '50000.00', done_at: '2026-11-30T09:00:00.000Z' }),
            stop({ id: 6, position: 2, status: 'planned', order: { ...stop().order, id: 42 } }),
          ],
        }),
      ]),
      answer(paths.dispatch.markDelivered, reply(409, { detail: 'This stop is done.' })),
    )
    renderApp('/adminuser/deliveries', { user: driver })
    const user = userEvent.setup()
    const done = await screen.findByRole('article', { name: 'Stop 1 · Order #41' })
    expect(done).toHaveTextContent(/Delivered .* · collected PKR 50,000/)
    expect(within(done).queryByRole('button', { name: /Delivered/ })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'LEA-1234 · 1 of 2 done' })).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Delivered: order #42' }))
    await user.click(screen.getByRole('button', { name: 'Confirm delivery' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This stop is done.')
  })

  it('says so when there is no run today', async () => {
    serve(answer(paths.dispatch.myRuns, []))
    renderApp('/adminuser/deliveries', { user: driver })
    expect(await screen.findByText('No run for you today.')).toBeVisible()
  })
})
