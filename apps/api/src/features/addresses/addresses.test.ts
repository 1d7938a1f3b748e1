import { paths } from '@store/contract'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { callRoute } from '../../../test/route-call'
import { addresses } from '../../db/schema'
import { MAX_ADDRESSES } from './service'

let context: TestContext

beforeAll(async () => {
  context = await createTestApp()
})
afterAll(() => context.close())

const address = (label: string, changes: object = {}) => ({
  label,
  first_name: 'Ayesha',
  last_name: 'Khan',
  phone: '0300 123-4567',
  address: '12 Main Boulevard\nGulberg III',
  city: 'Lahore',
  postal_code: '54000',
  ...changes,
})

const save = (user: TestUser, label: string, changes: object = {}) =>
  callRoute(context.app, paths.addresses.createAddress, { body: address(label, changes), user })

/** The user's rows, oldest first: label and whether it is the default. */
async function book(user: TestUser) {
  return context.database.db
    .select({ label: addresses.label, isDefault: addresses.isDefault })
    .from(addresses)
    .where(eq(addresses.userId, user.id))
    .orderBy(asc(addresses.id))
}

describe('POST /api/addresses/', () => {
  it('saves an address with the phone in its plain form; the first one is the default whatever was asked', async () => {
    const user = await createTestUser(context)
    const first = await save(user, 'Home', { is_default: false })
    expect(first.status).toBe(201)
    expect(first.body).toEqual({
      id: expect.any(Number),
      label: 'Home',
      first_name: 'Ayesha',
      last_name: 'Khan',
      phone: '03001234567',
      address: '12 Main Boulevard\nGulberg III',
      city: 'Lahore',
      postal_code: '54000',
      is_default: true,
    })
    const second = await save(user, 'Office', { phone: '+923211234567' })
    expect(second.body).toMatchObject({ is_default: false, phone: '+923211234567' })
    expect(await book(user)).toEqual([
      { label: 'Home', isDefault: true },
      { label: 'Office', isDefault: false },
    ])
  })

  it('moves the default to an address saved with is_default: true', async () => {
    const user = await createTestUser(context)
    await save(user, 'Home')
    const moved = await save(user, 'Parents', { is_default: true })
    expect(moved.body.is_default).toBe(true)
    expect(await book(user)).toEqual([
      { label: 'Home', isDefault: false },
      { label: 'Parents', isDefault: true },
    ])
  })

  it('keeps one default when several first addresses are saved at once', async () => {
    const user = await createTestUser(context)
    const saved = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((label) => save(user, label)))
    expect(saved.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201])
    const rows = await book(user)
    expect(rows).toHaveLength(5)
    expect(rows.filter((row) => row.isDefault)).toHaveLength(1)
  })

  it(`answers 400 with a sentence past ${MAX_ADDRESSES} addresses`, async () => {
    const user = await createTestUser(context)
    await context.database.db.insert(addresses).values(
      Array.from({ length: MAX_ADDRESSES }, (_, i) => ({
        userId: user.id,
        label: `Saved ${i}`,
        firstName: 'Ayesha',
        lastName: 'Khan',
        phone: '03001234567',
        address: 'Somewhere',
        city: 'Lahore',
        postalCode: '54000',
        isDefault: i === 0,
      })),
    )
    const refused = await save(user, 'One too many')
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({
      detail: 'You can keep at most 20 addresses. Delete one you no longer use to save another.',
    })
    expect(await book(user)).toHaveLength(MAX_ADDRESSES)
  })

  it('answers 400 with errors naming a bad phone, a missing field and a control character', async () => {
    const user = await createTestUser(context)
    const bad = await save(user, '', { phone: '0423 5761234', city: 'Lahore\u0000', postal_code: undefined })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({
      label: ['Label is required.'],
      phone: ['Enter a mobile number such as 03001234567 or +923001234567.'],
      city: ['Use one line of text without control characters.'],
      postal_code: ['Postal code is required.'],
    })
    // The street address may run over lines, but holds no other control character.
    const control = await save(user, 'Home', { address: '12 Main\u001b Boulevard' })
    expect(control.body.errors).toHaveProperty('address')
    expect((await save(user, 'Home', { is_default: 'true' })).body.errors).toHaveProperty('is_default')
    expect(await book(user)).toEqual([])
  })

  it('answers 401 to an anonymous caller', async () => {
    expect(
      (await callRoute(context.app, paths.addresses.createAddress, { body: address('Home'), user: null }))
        .status,
    ).toBe(401)
  })
})

describe('GET /api/addresses/', () => {
  it('lists only the caller’s addresses, paginated, the default first and then the newest', async () => {
    const owner = await createTestUser(context)
    const other = await createTestUser(context)
    for (const label of ['Home', 'Office', 'Shop']) await save(owner, label)
    await save(other, 'Elsewhere')
    const page = await callRoute(context.app, paths.addresses.listAddresses, {
      query: { page_size: 2 },
      user: owner,
    })
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ count: 3, previous: null, next: expect.stringContaining('page=2') })
    expect(page.body.results.map((each: { label: string }) => each.label)).toEqual(['Home', 'Shop'])
    const rest = await callRoute(context.app, paths.addresses.listAddresses, {
      query: { page: 2, page_size: 2 },
      user: owner,
    })
    expect(rest.body.results.map((each: { label: string }) => each.label)).toEqual(['Office'])
    const others = await callRoute(context.app, paths.addresses.listAddresses, { user: other })
    expect(others.body.results.map((each: { label: string }) => each.label)).toEqual(['Elsewhere'])
    expect((await callRoute(context.app, paths.addresses.listAddresses, { user: null })).status).toBe(401)
  })
})

describe('PUT /api/addresses/:id/', () => {
  it('changes an address; is_default: true moves the default, false leaves it where it is', async () => {
    const user = await createTestUser(context)
    const home = await save(user, 'Home')
    const office = await save(user, 'Office')
    const edited = await callRoute(context.app, paths.addresses.updateAddress, {
      params: { id: home.body.id },
      body: address('Home (new)', { city: 'Karachi' }),
      user,
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({
      id: home.body.id,
      label: 'Home (new)',
      city: 'Karachi',
      is_default: true,
    })
    const moved = await callRoute(context.app, paths.addresses.updateAddress, {
      params: { id: office.body.id },
      body: address('Office', { is_default: true }),
      user,
    })
    expect(moved.body.is_default).toBe(true)
    expect(await book(user)).toEqual([
      { label: 'Home (new)', isDefault: false },
      { label: 'Office', isDefault: true },
    ])
  })

  it('answers 404 for another user’s address, changing nothing, and for an unknown one', async () => {
    const owner = await createTestUser(context)
    const other = await createTestUser(context)
    const home = await save(owner, 'Home')
    await save(other, 'Mine')
    const taken = await callRoute(context.app, paths.addresses.updateAddress, {
      params: { id: home.body.id },
      body: address('Stolen', { is_default: true }),
      user: other,
    })
    expect(taken.status).toBe(404)
    expect(taken.body).toEqual({ detail: 'Address not found.' })
    expect(await book(owner)).toEqual([{ label: 'Home', isDefault: true }])
    expect(await book(other)).toEqual([{ label: 'Mine', isDefault: true }])
    expect(
      (
        await callRoute(context.app, paths.addresses.updateAddress, {
          params: { id: 999999 },
          body: address('Nowhere'),
          user: owner,
        })
      ).status,
    ).toBe(404)
  })

  it('answers 400 naming a bad phone', async () => {
    const user = await createTestUser(context)
    const home = await save(user, 'Home')
    const bad = await callRoute(context.app, paths.addresses.updateAddress, {
      params: { id: home.body.id },
      body: address('Home', { phone: '+92 42 1234567' }),
      user,
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(['phone'])
  })
})

describe('DELETE /api/addresses/:id/', () => {
  it('deletes an address; when it was the default, the newest remaining one becomes the default', async () => {
    const user = await createTestUser(context)
    const home = await save(user, 'Home')
    const office = await save(user, 'Office')
    const shop = await save(user, 'Shop')
    const parents = await save(user, 'Parents')
    expect(
      (await callRoute(context.app, paths.addresses.deleteAddress, { params: { id: shop.body.id }, user }))
        .status,
    ).toBe(204)
    expect(
      (await callRoute(context.app, paths.addresses.deleteAddress, { params: { id: home.body.id }, user }))
        .status,
    ).toBe(204)
    expect(await book(user)).toEqual([
      { label: 'Office', isDefault: false },
      { label: 'Parents', isDefault: true },
    ])
    await callRoute(context.app, paths.addresses.deleteAddress, { params: { id: parents.body.id }, user })
    await callRoute(context.app, paths.addresses.deleteAddress, { params: { id: office.body.id }, user })
    expect(await book(user)).toEqual([])
    expect(
      (await callRoute(context.app, paths.addresses.deleteAddress, { params: { id: office.body.id }, user }))
        .status,
    ).toBe(404)
  })

  it('answers 404 for another user’s address and keeps it', async () => {
    const owner = await createTestUser(context)
    const other = await createTestUser(context)
    const home = await save(owner, 'Home')
    expect(
      (
        await callRoute(context.app, paths.addresses.deleteAddress, {
          params: { id: home.body.id },
          user: other,
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await callRoute(context.app, paths.addresses.deleteAddress, {
          params: { id: home.body.id },
          user: null,
        })
      ).status,
    ).toBe(401)
    const kept = await context.database.db
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.id, home.body.id), eq(addresses.userId, owner.id)))
    expect(kept).toHaveLength(1)
  })
})
