import { paths, type WorkCounts } from '@store/contract'
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { pathOf } from '../../lib/api'
import { followEventStream } from '../../lib/event-stream'

/** One key factory for what the back office counts. */
export const staffKeys = {
  all: ['staff'] as const,
  counts: () => [...staffKeys.all, 'counts'] as const,
}

/**
 * The staff's work counts, kept current by the live stream while the component is mounted: the stream
 * sends them at once and after every change, so nothing polls. Undefined until the first event.
 */
export function useLiveWorkCounts(): WorkCounts | undefined {
  const queryClient = useQueryClient()
  useEffect(() => {
    const controller = new AbortController()
    followEventStream(
      pathOf(paths.staff.workEvents),
      (event) => {
        if (event.event !== 'counts') return
        try {
          queryClient.setQueryData<WorkCounts>(staffKeys.counts(), JSON.parse(event.data) as WorkCounts)
        } catch {
          // A malformed event is skipped; the next change sends the counts again.
        }
      },
      controller.signal,
    )
    return () => controller.abort()
  }, [queryClient])
  // Only the stream fills this entry.
  return useQuery<WorkCounts>({
    queryKey: staffKeys.counts(),
    queryFn: skipToken,
    staleTime: Number.POSITIVE_INFINITY,
  }).data
}
