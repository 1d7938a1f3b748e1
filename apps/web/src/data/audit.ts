import { type AuditQuery, paths } from '@store/contract'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { call } from '../lib/api'

type ListQuery = Partial<z.output<typeof AuditQuery>>

/** The audit log: read only, written by the server with every staff change. */
export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (query: ListQuery) => [...auditKeys.lists(), query] as const,
}

/** A page of audit entries, newest first. */
export const auditListQuery = (query: ListQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => call(paths.audit.listAudit, { query, signal }),
    placeholderData: keepPreviousData,
  })
