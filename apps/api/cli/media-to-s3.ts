import path from 'node:path'
import { loadConfig } from '../src/config'
import { createStorage } from '../src/lib/create-storage'
import { DiskStorage } from '../src/lib/storage'
import { runCommand } from './run-command'

/**
 * Copies the images under DATA_DIR/media into the bucket MEDIA_STORAGE=s3 names, skipping those the
 * bucket holds already, so it can run again after an interruption. Run it before switching the
 * servers to the bucket; the disk copy stays until you remove it.
 */
async function main(): Promise<number> {
  const config = loadConfig()
  if (config.mediaStorage.kind !== 's3') {
    console.error('Set MEDIA_STORAGE=s3 and the S3_* variables of the bucket to copy into.')
    return 2
  }
  const disk = new DiskStorage(path.join(config.dataDir, 'media'))
  const bucket = await createStorage(config)
  const present = new Set<string>()
  for await (const key of bucket.list()) present.add(key)
  let copied = 0
  let skipped = 0
  for await (const key of disk.list()) {
    if (present.has(key)) {
      skipped += 1
      continue
    }
    const file = await disk.get(key)
    if (!file) continue
    const chunks: Buffer[] = []
    for await (const chunk of file.body) chunks.push(chunk as Buffer)
    await bucket.put(key, Buffer.concat(chunks))
    copied += 1
  }
  console.log(
    `Copied ${copied} file(s) from ${disk.root} to the bucket ${config.mediaStorage.bucket}; ${skipped} were there already.`,
  )
  return 0
}

runCommand(main)
