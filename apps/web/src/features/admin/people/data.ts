import { type PeopleQuery, paths, type UpdatePersonBody } from '@store/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { auditKeys } from '../../../data/audit'
import { call } from '../../../lib/api'

type ListQuery = Partial<z.output<typeof PeopleQuery>>

/** Customers and staff as the back office's people page lists them. */
export const peopleKeys = {
  all: ['people'] as const,
  lists: () => [...peopleKeys.all, 'list'] as const,
  list: (query: ListQuery) => [...peopleKeys.lists(), query] as const,
}

/** A page of people, newest first, found by name or email and by role. */
export const peopleListQuery = (query: ListQuery) =>
  queryOptions({
    queryKey: peopleKeys.list(query),
    queryFn: ({ signal }) => call(paths.people.listPeople, { query, signal }),
    placeholderData: keepPreviousData,
  })

/** An owner changes someone's role, or disables or enables their account; the change is audited. */
export function useUpdatePerson() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdatePersonBody }) =>
      call(paths.people.updatePerson, { params: { id }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  })
}

/** The owner turns a colleague's two-factor sign-in off (lost phone and codes); audited, and they are told. */
export function useResetTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => call(paths.people.resetTwoFactor, { params: { id } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  })
}
