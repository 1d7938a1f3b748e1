import { statfs } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import { HttpError } from './errors'

export const DISK_FULL_SENTENCE =
  'The store cannot save anything right now: its disk is full. Please try again later.'
/** Someone has to make room first: a minute, not the few seconds of a database restart */
export const DISK_FULL_RETRY_SECONDS = '60'

/**
 * Free bytes under which the embedded database takes no more writes. PGlite survives a relation or
 * commit-log file it cannot extend (the statement fails with 53100), but not a WAL segment it cannot
 * create: its PostgreSQL stops, and the process with it. A segment is 16 MB; the rest is room for the
 * files a write also makes (images, mails) and for the checkpoint that recycles old segments.
 */
const RESERVE_BYTES = 64 * 1024 * 1024
/** One statfs a second at most, however many writes come */
const CHECK_EVERY_MS = 1_000

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * On the embedded database, refuses every write with a 503 and a sentence while DATA_DIR's disk has
 * less than the reserve free, and takes them again as soon as there is room; reads go on as before.
 * PostgreSQL runs elsewhere and answers a full disk itself (53100, mapped in the error handler).
 */
export function refuseWritesWhenDiskFull(app: FastifyInstance, dataDir: string): void {
  let checkedAt = 0
  let full = false
  async function diskFull(): Promise<boolean> {
    if (Date.now() - checkedAt < CHECK_EVERY_MS) return full
    checkedAt = Date.now()
    try {
      const stats = await statfs(dataDir)
      full = stats.bavail * stats.bsize < RESERVE_BYTES
    } catch (error) {
      // A directory that cannot be asked is no reason to refuse: the write fails itself if it must.
      app.log.warn({ err: error, dataDir }, 'could not read the free disk space')
      full = false
    }
    return full
  }
  app.addHook('onRequest', async (request) => {
    if (!WRITES.has(request.method) || !(await diskFull())) return
    request.log.error({ dataDir }, 'refusing a write: the disk is nearly full')
    throw new HttpError(503, DISK_FULL_SENTENCE, undefined, { 'retry-after': DISK_FULL_RETRY_SECONDS })
  })
}
