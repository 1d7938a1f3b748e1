import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import type { S3Settings } from '../src/config'

export interface TestBucket {
  settings: S3Settings
  /** The same as environment variables, for server processes */
  env: Record<string, string>
  /** Stops answering, as a bucket that went down: its port refuses connections, its files stay */
  stop(): Promise<void>
  /** Answers again on the same port, from the same folder */
  restart(): Promise<void>
  close(): Promise<void>
}

/** A real S3 protocol server (s3rver) on 127.0.0.1 with one empty bucket, files in a temporary folder. */
export async function startTestBucket(bucket = 'store-media'): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), 'store-s3-'))
  const listen = async (port: number) => {
    const listening = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    })
    return { listening, port: (await listening.run()).port }
  }
  const first = await listen(0)
  const port = first.port
  let server = first.listening
  let running = true
  const endpoint = `http://127.0.0.1:${port}`
  // s3rver checks signatures against its one fixed key pair.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  return {
    settings: {
      endpoint,
      bucket,
      region: 'us-east-1',
      credentials,
      publicUrl: undefined,
      forcePathStyle: true,
    },
    env: {
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async stop() {
      await server.close()
      running = false
    },
    async restart() {
      server = (await listen(port)).listening
      running = true
    },
    async close() {
      if (running) await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
