import path from 'node:path'
import type { Config } from '../config'
import { DiskStorage, type MediaStorage } from './storage'

/** The store the configuration names. The S3 client is loaded only when it is used. */
export async function createStorage(config: Config): Promise<MediaStorage> {
  const settings = config.mediaStorage
  if (settings.kind === 'disk') return new DiskStorage(path.join(config.dataDir, 'media'))
  const { S3Storage } = await import('./storage-s3')
  return new S3Storage(settings)
}
