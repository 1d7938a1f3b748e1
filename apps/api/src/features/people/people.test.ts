import { paths, type UpdatePersonBody } from '@store/contract'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertOrder } from '../../../test/fixtures'
import { call, createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { insertProduct } from '../../../test/product-fixture'
import { callRoute } from '../../../test/route-call'
import { queryRows } from '../../db/client'
import { auditLog, conversations, refreshTokens, users } from '../../db/schema'
import type { Actor } from '../../lib/audit'
import { LAST_OWNER, updatePerson } from './service'

let context: TestContext
let owner: TestUser
let manager: TestUser

beforeAll(async () => {
  context = await createTestApp()
  owner = await createTestUser(context, { staff: true })
  manager = await createTestUser(context, { role: 'manager' })
})
afterAll(() => context.close())

const list = (query = '', user: TestUser | null = owner) =>
  call(context.app, {
    method: 'GET',
    url: `/api/admin/users/?${query}`,
    ...(user && { headers: user.headers }),
  })

const patch = (id: number, body: UpdatePersonBody, user: TestUser = owner) =>
  callRoute(context.app, paths.people.updatePerson, { params: { id }, body, user })

const profile = (user: { headers: { authorization: string } }) =>
  callRoute(context.app, paths.auth.profile, { user })

const refresh = (token: string) => callRoute(context.app, paths.auth.refresh, { body: { refresh: token } })

const login = (user: TestUser) =>
  call(context.app, {
    method: 'POST',
    url: '/api/auth/login/',
    payload: { email: user.email, password: user.password },
  })

const entriesAbout = (id: number) =>
  context.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id)

describe('GET /api/admin/users/', () => {
  let ayesha: TestUser
  let bilal: TestUser
  let conversationId: number

  beforeAll(async () => {
    const { db } = context.database
    ayesha = await createTestUser(context, { firstName: 'Ayesha' })
    bilal = await createTestUser(context, { firstName: 'Bilal', role: 'support' })
    await db.update(users).set({ lastName: 'Qureshi' }).where(eq(users.id, ayesha.id))
    // Joined in this order, a second apart, so "newest first" has one answer.
    for (const [index, user] of [owner, manager, ayesha, bilal].entries()) {
      await db
        .update(users)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 10, 0, index)) })
        .where(eq(users.id, user.id))
    }
    const product = await insertProduct(db, { name: 'People Sofa' })
    await insertOrder(db, ayesha.id, { ...product, price: '1000.00' })
    await insertOrder(db, ayesha.id, { ...product, price: '1000.00' })
    const [conversation] = await db
      .insert(conversations)
      .values({ customerId: ayesha.id })
      .returning({ id: conversations.id })
    conversationId = conversation?.id ?? 0
  })

  it('lists everyone newest first as Person, with order count and conversation', async () => {
    const answer = await list()
    expect(answer.status).toBe(200)
    expect(answer.body.count).toBe(4)
    expect(answer.body.results.map((person: { id: number }) => person.id)).toEqual([
      bilal.id,
      ayesha.id,
      manager.id,
      owner.id,
    ])
    expect(answer.body.results[1]).toEqual({
      id: ayesha.id,
      email: ayesha.email,
      first_name: 'Ayesha',
      last_name: 'Qureshi',
      is_staff: false,
      role: 'customer',
      two_factor_enabled: false,
      phone: null,
      notify_email: true,
      language: 'en',
      is_active: true,
      date_joined: '2026-01-01T10:00:02.000Z',
      order_count: 2,
      conversation_id: conversationId,
    })
    expect(answer.body.results[0]).toMatchObject({
      id: bilal.id,
      role: 'support',
      is_staff: true,
      order_count: 0,
      conversation_id: null,
    })
  })

  it('searches part of a first name, last name, full name or email in any case, and filters by role', async () => {
    const ids = async (query: string) =>
      (await list(query)).body.results.map((person: { id: number }) => person.id)
    expect(await ids('search=ayE')).toEqual([ayesha.id])
    expect(await ids('search=QURESH')).toEqual([ayesha.id])
    expect(await ids(`search=${encodeURIComponent('esha qur')}`)).toEqual([ayesha.id])
    expect(await ids(`search=${bilal.email.slice(0, 8).toUpperCase()}`)).toEqual([bilal.id])
    expect(await ids('search=%25')).toEqual([])
    expect(await ids('role=support')).toEqual([bilal.id])
    expect(await ids('role=owner')).toEqual([owner.id])
    expect(await ids('role=customer&search=bilal')).toEqual([])
  })

  it('pages like the other lists', async () => {
    const first = await list('page_size=3')
    expect(first.body.count).toBe(4)
    expect(first.body.results).toHaveLength(3)
    expect(first.body.next).toMatch(/page=2/)
    const second = await list('page_size=3&page=2')
    expect(second.body.results.map((person: { id: number }) => person.id)).toEqual([owner.id])
    expect((await list('page=9')).status).toBe(404)
  })

  it('is open to owners and managers only', async () => {
    expect((await list('', manager)).status).toBe(200)
    expect((await list('', bilal)).status).toBe(403)
    expect((await list('', ayesha)).status).toBe(403)
    expect((await list('', null)).status).toBe(401)
    expect((await list('role=king')).status).toBe(400)
  })
})

describe('PATCH /api/admin/users/:id/', () => {
  it('changes a role at once, answers the Person and writes user.update', async () => {
    const clerk = await createTestUser(context)
    const changed = await patch(clerk.id, { role: 'catalogue' })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ id: clerk.id, role: 'catalogue', is_staff: true, is_active: true })
    // The same token now carries the new role: roles are read per request, not kept in the token.
    const made = await callRoute(context.app, paths.catalog.createCategory, {
      body: { name: 'Clerk made' },
      user: clerk,
    })
    expect(made.status).toBe(201)
    const [entry] = await entriesAbout(clerk.id)
    expect(entry).toMatchObject({
      actorId: owner.id,
      actorEmail: owner.email,
      ip: '127.0.0.1',
      action: 'user.update',
      entity: 'user',
      entityId: clerk.id,
      before: { role: 'customer' },
      after: { role: 'catalogue' },
    })
    // The same role again changes nothing and writes nothing.
    expect((await patch(clerk.id, { role: 'catalogue' })).status).toBe(200)
    expect(await entriesAbout(clerk.id)).toHaveLength(1)
  })

  it('disabling ends every session at once: access token, refresh token and login; enabling brings none back', async () => {
    const { db } = context.database
    const shopper = await createTestUser(context)
    const secondSession = await login(shopper)
    expect((await profile(shopper)).status).toBe(200)

    const disabled = await patch(shopper.id, { is_active: false })
    expect(disabled.status).toBe(200)
    expect(disabled.body).toMatchObject({ id: shopper.id, is_active: false })
    expect((await profile(shopper)).status).toBe(401)
    expect((await refresh(shopper.refresh)).status).toBe(401)
    expect((await refresh(secondSession.body.refresh)).status).toBe(401)
    expect((await login(shopper)).status).not.toBe(200)
    const live = await db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, shopper.id), isNull(refreshTokens.revokedAt)))
    expect(live).toEqual([])
    expect(await entriesAbout(shopper.id)).toEqual([
      expect.objectContaining({ before: { is_active: true }, after: { is_active: false } }),
    ])

    expect((await patch(shopper.id, { is_active: true })).body.is_active).toBe(true)
    expect((await profile(shopper)).status).toBe(401)
    expect((await refresh(secondSession.body.refresh)).status).toBe(401)
    const again = await login(shopper)
    expect(again.status).toBe(200)
    expect((await profile({ headers: { authorization: `Bearer ${again.body.access}` } })).status).toBe(200)
  })

  it('refuses a refresh token of a disabled account even if it was never revoked', async () => {
    const { db } = context.database
    const shopper = await createTestUser(context)
    // Disabled by hand, as an operator might: the tokens stay unrevoked, the account does not.
    await db.update(users).set({ isActive: false }).where(eq(users.id, shopper.id))
    expect((await refresh(shopper.refresh)).status).toBe(401)
    expect((await profile(shopper)).status).toBe(401)
  })

  it('refuses your own role or disabling yourself with a sentence, writing nothing', async () => {
    const role = await patch(owner.id, { role: 'manager' })
    expect(role.status).toBe(403)
    expect(role.body).toEqual({ detail: 'You cannot change your own role.' })
    const disable = await patch(owner.id, { is_active: false })
    expect(disable.status).toBe(403)
    expect(disable.body).toEqual({ detail: 'You cannot disable your own account.' })
    expect(await entriesAbout(owner.id)).toEqual([])
    const [self] = await context.database.db
      .select({ role: users.role, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, owner.id))
    expect(self).toEqual({ role: 'owner', isActive: true })
  })

  it('answers 404 to an unknown person, 400 to an empty change, 403 to anyone but an owner', async () => {
    const someone = await createTestUser(context)
    expect((await patch(999_999, { role: 'manager' })).status).toBe(404)
    expect((await patch(999_999, { role: 'manager' })).body).toEqual({ detail: 'User not found.' })
    expect((await patch(someone.id, {})).status).toBe(400)
    const king = await call(context.app, {
      method: 'PATCH',
      url: `/api/admin/users/${someone.id}/`,
      headers: owner.headers,
      payload: { role: 'king' },
    })
    expect(king.status).toBe(400)
    expect((await patch(someone.id, { role: 'manager' }, manager)).status).toBe(403)
    expect((await patch(someone.id, { is_active: false }, someone)).status).toBe(403)
    expect(await entriesAbout(someone.id)).toEqual([])
  })

  it('keeps one active owner when two owners demote each other at the same moment', async () => {
    await raceOfOwners({ role: 'manager' })
  })

  it('keeps one active owner when two owners disable each other at the same moment', async () => {
    await raceOfOwners({ is_active: false })
  })
})

/**
 * Makes the shop's owners exactly two, then has each change the other at once. On PostgreSQL a third
 * connection holds the owner rows until both changes wait on them, so they truly overlap; the
 * embedded database runs one transaction at a time anyway.
 */
async function raceOfOwners(change: { role?: 'manager'; is_active?: boolean }) {
  const { db } = context.database
  const first = await createTestUser(context, { staff: true })
  const second = await createTestUser(context, { staff: true })
  await db
    .update(users)
    .set({ role: 'manager' })
    .where(and(eq(users.role, 'owner'), sql`${users.id} not in (${first.id}, ${second.id})`))
  const actor = (user: TestUser): Actor => ({ id: user.id, email: user.email, ip: '127.0.0.1' })
  const race = () =>
    Promise.allSettled([
      updatePerson(db, actor(first), second.id, change),
      updatePerson(db, actor(second), first.id, change),
    ])

  const outcomes = context.database.kind === 'postgres' ? await overlapping(race) : await race()

  const won = outcomes.filter((outcome) => outcome.status === 'fulfilled')
  const lost = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []))
  expect(won).toHaveLength(1)
  expect(lost).toEqual([expect.objectContaining({ statusCode: 409, detail: LAST_OWNER })])
  const owners = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'owner'), eq(users.isActive, true)))
  expect(owners).toHaveLength(1)
  const entries = [...(await entriesAbout(first.id)), ...(await entriesAbout(second.id))]
  expect(entries).toHaveLength(1)
  // Put back for the next test: the first owner of the file again the only one.
  await db
    .update(users)
    .set({ role: 'manager', isActive: true })
    .where(sql`${users.id} in (${first.id}, ${second.id})`)
  await db.update(users).set({ role: 'owner' }).where(eq(users.id, owner.id))
}

/** Starts `work` while the owner rows are held, and lets go once two of its transactions wait on them. */
async function overlapping<T>(work: () => Promise<T>): Promise<T> {
  let running: Promise<T> | undefined
  await context.database.db.transaction(async (tx) => {
    await tx.execute(sql`select id from users where role = 'owner' for update`)
    running = work()
    await waitForLockWaiters(2)
  })
  if (!running) throw new Error('the work never started')
  return running
}

/** Waits until `n` connections of this database wait for a row lock. */
async function waitForLockWaiters(n: number) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const [row] = await queryRows<{ waiting: number }>(
      context.database.db,
      sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )
    if ((row?.waiting ?? 0) >= n) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`fewer than ${n} transactions came to wait on the owner rows`)
}
