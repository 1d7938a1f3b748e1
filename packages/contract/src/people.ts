import { z } from 'zod'
import { Role, User } from './auth'
import { BodyId, IdParams, PageQuery, Paginated, type RouteSpec, Timestamp, text } from './common'
import { paths } from './paths'

/** A customer or staff member as the people page lists them. */
export const Person = User.extend({
  is_active: z.boolean(),
  date_joined: Timestamp,
  order_count: z.number().int(),
  /** Their conversation with the store, if they ever wrote */
  conversation_id: BodyId.nullable(),
})
export type Person = z.infer<typeof Person>

export const PeopleQuery = PageQuery.extend({
  /** Part of a name or an email, any case */
  search: text().trim().max(200).optional(),
  role: Role.optional(),
})
export type PeopleQuery = z.input<typeof PeopleQuery>

export const UpdatePersonBody = z
  .strictObject({
    role: Role.optional(),
    /** false disables the account: its tokens stop working at once */
    is_active: z.boolean().optional(),
  })
  .refine((change) => change.role !== undefined || change.is_active !== undefined, {
    message: 'Choose a role or whether the account is active.',
  })
export type UpdatePersonBody = z.infer<typeof UpdatePersonBody>

export const peopleRoutes = {
  listPeople: {
    ...paths.people.listPeople,
    access: { staff: 'people' },
    summary: 'Customers and staff, newest first, with their order counts',
    query: PeopleQuery,
    status: 200,
    response: Paginated(Person),
  },
  resetTwoFactor: {
    ...paths.people.resetTwoFactor,
    access: { staff: 'roles' },
    summary:
      "Turn a colleague's two-factor sign-in off when they lost their phone and codes (audited; they are told)",
    params: IdParams,
    status: 200,
    response: Person,
  },
  updatePerson: {
    ...paths.people.updatePerson,
    access: { staff: 'roles' },
    summary: "Change someone's role or disable their account (never your own; the last active owner stays)",
    params: IdParams,
    body: UpdatePersonBody,
    status: 200,
    response: Person,
  },
} as const satisfies Record<string, RouteSpec>
