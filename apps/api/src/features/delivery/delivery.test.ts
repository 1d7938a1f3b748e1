import { paths } from '@store/contract'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { callRoute } from '../../../test/route-call'
import { bankAccount, deliveryZones } from '../../db/schema'
import { findZone } from './service'

let context: TestContext
let staff: TestUser
let customer: TestUser

beforeAll(async () => {
  context = await createTestApp()
  staff = await createTestUser(context, { staff: true })
  customer = await createTestUser(context)
})
afterAll(() => context.close())

const zone = (city: string, changes: object = {}) => ({
  city,
  fee: '350',
  free_over: '75000',
  eta_min_days: 2,
  eta_max_days: 4,
  cod_available: true,
  cod_fee: 150,
  ...changes,
})

const createZone = (city: string, changes: object = {}) =>
  callRoute(context.app, paths.delivery.createDeliveryZone, { body: zone(city, changes), user: staff })

async function zonesCalled(city: string) {
  return context.database.db.select().from(deliveryZones).where(eq(deliveryZones.city, city))
}

describe('POST /api/delivery-zones/', () => {
  it('creates a zone with money as strings, a trimmed city and the optional fields defaulted', async () => {
    const created = await createZone('  Lahore ')
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      id: expect.any(Number),
      city: 'Lahore',
      fee: '350.00',
      free_over: '75000.00',
      eta_min_days: 2,
      eta_max_days: 4,
      cod_available: true,
      cod_fee: '150.00',
    })
    const { free_over: _, cod_fee: __, ...required } = zone('Quetta', { fee: 900, cod_available: false })
    const minimal = await callRoute(context.app, paths.delivery.createDeliveryZone, {
      body: required,
      user: staff,
    })
    expect(minimal.status).toBe(201)
    expect(minimal.body).toMatchObject({ city: 'Quetta', fee: '900.00', free_over: null, cod_fee: '0.00' })
  })

  it('answers 409 naming the zone whose city matches, letter case and spaces aside', async () => {
    await createZone('Karachi')
    for (const city of ['karachi', ' KARACHI', 'Kara chi', 'K a r a c h i']) {
      const clash = await createZone(city)
      expect(clash.status, city).toBe(409)
      expect(clash.body).toEqual({
        detail: 'A delivery zone for Karachi already exists.',
        errors: { city: ['A delivery zone for Karachi already exists.'] },
      })
    }
    const [all] = await context.database.db
      .select({ n: count() })
      .from(deliveryZones)
      .where(eq(deliveryZones.city, 'Karachi'))
    expect(all?.n).toBe(1)
    expect(await zonesCalled('karachi')).toEqual([])
  })

  it('answers 400 with errors naming each bad field', async () => {
    const late = await createZone('Multan', { eta_min_days: 5, eta_max_days: 3 })
    expect(late.status).toBe(400)
    expect(late.body.errors).toEqual({
      eta_max_days: ['The latest delivery cannot come before the earliest.'],
    })
    const bad = await createZone('', { fee: '-5', eta_min_days: 1.5, cod_available: 'yes', free_over: [] })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'city',
      'cod_available',
      'eta_min_days',
      'fee',
      'free_over',
    ])
    // A number field takes a JSON number, never text (docs/api.md "Strict input").
    expect((await createZone('Multan', { eta_max_days: '4' })).body.errors).toEqual({
      eta_max_days: ['The latest delivery is a whole number of days.'],
    })
    // The order of the two days is checked once both are valid, whatever the other fields hold.
    expect((await createZone('Multan', { eta_min_days: 150, eta_max_days: 4 })).body.errors).toEqual({
      eta_min_days: ['The earliest delivery is at most 120 days.'],
    })
    expect(
      (await createZone('Multan', { fee: 'abc', eta_min_days: 5, eta_max_days: 3 })).body.errors,
    ).toEqual({
      fee: ['Enter an amount such as 12500 or 12500.50.'],
      eta_max_days: ['The latest delivery cannot come before the earliest.'],
    })
    expect(await zonesCalled('Multan')).toEqual([])
  })

  it('refuses a control character in the city', async () => {
    const answer = await createZone('Mul\u0000tan')
    expect(answer.status).toBe(400)
    expect(answer.body.errors.city).toEqual(['Use one line of text without control characters.'])
    expect((await createZone('Mul\ttan')).status).toBe(400)
  })

  it('answers 401 to anonymous callers and 403 to customers', async () => {
    expect(
      (await callRoute(context.app, paths.delivery.createDeliveryZone, { body: zone('Sialkot'), user: null }))
        .status,
    ).toBe(401)
    expect(
      (
        await callRoute(context.app, paths.delivery.createDeliveryZone, {
          body: zone('Sialkot'),
          user: customer,
        })
      ).status,
    ).toBe(403)
    expect(await zonesCalled('Sialkot')).toEqual([])
  })
})

describe('GET /api/delivery-zones/', () => {
  it('answers every zone to anyone as a plain array, sorted by city whatever its letter case', async () => {
    await createZone('faisalabad')
    await createZone('Islamabad')
    const listed = await callRoute(context.app, paths.delivery.listDeliveryZones)
    expect(listed.status).toBe(200)
    expect(Array.isArray(listed.body)).toBe(true)
    const cities = listed.body.map((each: { city: string }) => each.city)
    expect(cities).toEqual(['faisalabad', 'Islamabad', 'Karachi', 'Lahore', 'Quetta'])
    expect(listed.body[3]).toMatchObject({ city: 'Lahore', fee: '350.00', cod_fee: '150.00' })
  })
})

describe('PUT /api/delivery-zones/:id/', () => {
  it('changes a zone, also only its city’s letter case', async () => {
    const created = await createZone('Peshawar')
    const changed = await callRoute(context.app, paths.delivery.updateDeliveryZone, {
      params: { id: created.body.id },
      body: zone('PESHAWAR', { fee: 500, free_over: null, cod_available: false, cod_fee: '0' }),
      user: staff,
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toEqual({
      id: created.body.id,
      city: 'PESHAWAR',
      fee: '500.00',
      free_over: null,
      eta_min_days: 2,
      eta_max_days: 4,
      cod_available: false,
      cod_fee: '0.00',
    })
    const [row] = await zonesCalled('PESHAWAR')
    expect(row).toMatchObject({ fee: '500.00', freeOver: null, codAvailable: false })
  })

  it('answers 409 when the new city is another zone’s, 404 for an unknown zone, 400 for a bad body', async () => {
    const hyderabad = await createZone('Hyderabad')
    const clash = await callRoute(context.app, paths.delivery.updateDeliveryZone, {
      params: { id: hyderabad.body.id },
      body: zone('la hore'),
      user: staff,
    })
    expect(clash.status).toBe(409)
    expect(clash.body.detail).toBe('A delivery zone for Lahore already exists.')
    expect(await zonesCalled('Hyderabad')).toHaveLength(1)
    expect(
      (
        await callRoute(context.app, paths.delivery.updateDeliveryZone, {
          params: { id: 999999 },
          body: zone('Sukkur'),
          user: staff,
        })
      ).status,
    ).toBe(404)
    const bad = await callRoute(context.app, paths.delivery.updateDeliveryZone, {
      params: { id: hyderabad.body.id },
      body: zone('Hyderabad', { fee: 'free' }),
      user: staff,
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.fee).toEqual(['Enter an amount such as 12500 or 12500.50.'])
  })
})

describe('DELETE /api/delivery-zones/:id/', () => {
  it('deletes a zone, then answers 404', async () => {
    const created = await createZone('Gujranwala')
    expect(
      (
        await callRoute(context.app, paths.delivery.deleteDeliveryZone, {
          params: { id: created.body.id },
          user: staff,
        })
      ).status,
    ).toBe(204)
    expect(await zonesCalled('Gujranwala')).toEqual([])
    expect(
      (
        await callRoute(context.app, paths.delivery.deleteDeliveryZone, {
          params: { id: created.body.id },
          user: staff,
        })
      ).status,
    ).toBe(404)
  })
})

describe('findZone', () => {
  it('finds the zone of a city as customers type it, or null', async () => {
    const { db } = context.database
    expect((await findZone(db, 'lahore'))?.city).toBe('Lahore')
    expect((await findZone(db, ' LA HORE\t'))?.city).toBe('Lahore')
    expect(await findZone(db, 'Lahore Cantt')).toBeNull()
    expect(await findZone(db, 'Sukkur')).toBeNull()
    expect(await findZone(db, '')).toBeNull()
  })
})

describe('GET /api/bank-account/', () => {
  it('answers empty fields to anyone until staff set the account', async () => {
    const answer = await callRoute(context.app, paths.delivery.getBankAccount)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      bank_name: '',
      account_title: '',
      account_number: '',
      iban: '',
      instructions: '',
    })
  })
})

const account = {
  bank_name: 'Meezan Bank',
  account_title: 'Comfort Furniture',
  account_number: '0101-0123456789',
  iban: 'pk36 mezn 0001 0101 2345 6789',
  instructions: 'Write your order number as the reference.',
}

describe('PUT /api/bank-account/', () => {
  it('sets the one account, the IBAN without spaces in capitals, and changes it again in place', async () => {
    const set = await callRoute(context.app, paths.delivery.updateBankAccount, { body: account, user: staff })
    expect(set.status).toBe(200)
    expect(set.body).toEqual({ ...account, iban: 'PK36MEZN0001010123456789' })
    const read = await callRoute(context.app, paths.delivery.getBankAccount)
    expect(read.body).toEqual(set.body)
    const { instructions: _, ...withoutInstructions } = account
    const again = await callRoute(context.app, paths.delivery.updateBankAccount, {
      body: { ...withoutInstructions, bank_name: 'HBL' },
      user: staff,
    })
    expect(again.body).toMatchObject({ bank_name: 'HBL', instructions: '' })
    expect(await context.database.db.select({ id: bankAccount.id }).from(bankAccount)).toEqual([{ id: 1 }])
  })

  it('answers 400 naming a bad IBAN, a missing field or a control character; 401 and 403 to others', async () => {
    const bad = await callRoute(context.app, paths.delivery.updateBankAccount, {
      body: { ...account, iban: 'PK36 1234', bank_name: '  ' },
      user: staff,
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({
      iban: ['A Pakistani IBAN is PK, 2 digits and 20 letters or digits.'],
      bank_name: ['Bank name is required.'],
    })
    const control = await callRoute(context.app, paths.delivery.updateBankAccount, {
      body: { ...account, account_title: 'Comfort\u0007' },
      user: staff,
    })
    expect(control.body.errors).toHaveProperty('account_title')
    expect(
      (await callRoute(context.app, paths.delivery.updateBankAccount, { body: account, user: null })).status,
    ).toBe(401)
    expect(
      (await callRoute(context.app, paths.delivery.updateBankAccount, { body: account, user: customer }))
        .status,
    ).toBe(403)
    const [row] = await context.database.db.select().from(bankAccount)
    expect(row?.bankName).toBe('HBL')
  })
})
