import { type Category, paths } from '@store/contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, page, renderApp, reply, serveApi, staff } from '../../../test/app'

const sofas: Category = { id: 2, name: 'Sofas', name_ur: 'صوفے', slug: 'sofas', product_count: 3 }

function serve(handlers: Parameters<typeof serveApi>[0] = []) {
  return serveApi([
    ...handlers,
    answer(paths.auth.profile, staff),
    answer(paths.catalog.listCategories, page([sofas])),
  ])
}

describe('categories page', () => {
  it('creates a category with its Urdu name, or none', async () => {
    const api = serve([
      answer(paths.catalog.createCategory, (call) => ({
        ...sofas,
        id: 9,
        ...(call.body as Pick<Category, 'name' | 'name_ur'>),
      })),
    ])
    const user = userEvent.setup()
    renderApp('/adminuser/categories', { user: staff })

    const urdu = await screen.findByLabelText('Urdu name (optional)')
    expect(urdu).toHaveAttribute('dir', 'rtl')
    expect(urdu).toHaveAttribute('lang', 'ur')
    await user.type(screen.getByLabelText('New category'), 'Outdoor')
    await user.type(urdu, 'باغ کا فرنیچر')
    await user.click(screen.getByRole('button', { name: 'Add Category' }))
    expect(await screen.findByText('Category "Outdoor" created.')).toBeInTheDocument()

    await user.type(screen.getByLabelText('New category'), 'Lamps')
    await user.click(screen.getByRole('button', { name: 'Add Category' }))
    expect(await screen.findByText('Category "Lamps" created.')).toBeInTheDocument()

    expect(api.callsTo(paths.catalog.createCategory).map((call) => call.body)).toEqual([
      { name: 'Outdoor', name_ur: 'باغ کا فرنیچر' },
      { name: 'Lamps', name_ur: '' },
    ])
    // Staff work on the categories' own names, whatever the page's language.
    expect(api.callsTo(paths.catalog.listCategories)[0]?.headers.get('accept-language')).toBe('en')
  })

  it('renames a category and changes its Urdu name in the same save', async () => {
    const api = serve([answer(paths.catalog.updateCategory, { ...sofas, name: 'Sofa sets' })])
    const user = userEvent.setup()
    renderApp('/adminuser/categories', { user: staff })

    const row = (await screen.findByRole('row', { name: /Sofas/ })) as HTMLElement
    expect(within(row).getByText('صوفے')).toHaveAttribute('lang', 'ur')
    await user.click(within(row).getByRole('button', { name: 'Rename Sofas' }))
    const name = screen.getByLabelText('New name for Sofas')
    const urdu = screen.getByLabelText('Urdu name for Sofas')
    expect(urdu).toHaveValue('صوفے')
    await user.clear(name)
    await user.type(name, 'Sofa sets')
    await user.clear(urdu)
    await user.type(urdu, 'صوفہ سیٹ')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Category renamed to "Sofa sets".')).toBeInTheDocument()
    const [rename] = api.callsTo(paths.catalog.updateCategory)
    expect(rename?.params).toEqual({ id: '2' })
    expect(rename?.body).toEqual({ name: 'Sofa sets', name_ur: 'صوفہ سیٹ' })
  })

  it('keeps the Urdu name when only the English one changes', async () => {
    const api = serve([answer(paths.catalog.updateCategory, { ...sofas, name: 'Settees' })])
    const user = userEvent.setup()
    renderApp('/adminuser/categories', { user: staff })

    await user.click(await screen.findByRole('button', { name: 'Rename Sofas' }))
    const name = screen.getByLabelText('New name for Sofas')
    await user.clear(name)
    await user.type(name, 'Settees')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Category renamed to "Settees".')).toBeInTheDocument()
    expect(api.callsTo(paths.catalog.updateCategory)[0]?.body).toEqual({ name: 'Settees', name_ur: 'صوفے' })
  })

  it('checks the name before asking the server, and shows the server’s refusal at the field', async () => {
    const refusal = 'A category with this name already exists.'
    const api = serve([answer(paths.catalog.createCategory, reply(400, { detail: refusal }))])
    const user = userEvent.setup()
    renderApp('/adminuser/categories', { user: staff })

    const name = await screen.findByLabelText('New category')
    await user.type(name, '   ')
    await user.click(screen.getByRole('button', { name: 'Add Category' }))
    expect(await screen.findByText('Category name is required.')).toBeVisible()
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(api.callsTo(paths.catalog.createCategory)).toHaveLength(0)

    await user.type(name, 'Sofas')
    await user.click(screen.getByRole('button', { name: 'Add Category' }))
    expect(await screen.findByText(refusal)).toBeVisible()
    expect(name).toHaveValue('   Sofas')
  })
})
