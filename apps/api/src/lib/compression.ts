import { constants } from 'node:zlib'

/** Answers smaller than this go uncompressed: the headers would outweigh the saving. */
export const COMPRESS_FROM_BYTES = 1024

/** Brotli at quality 4 in text mode (@fastify/compress's own default): near gzip's speed, smaller. */
export const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 },
}

/**
 * Answers up to this size are compressed in one synchronous call rather than through a zlib stream.
 * On this 2-core machine the plugin's default (8 KB) streamed a 20 KB product list, which cost the
 * process ~2.1 ms of CPU in brotli against ~0.3 ms in one call (BENCHMARKS.md, issue 35): a stream
 * sets up a compressor per answer and pays the thread pool's hand-offs, and with PostgreSQL on the
 * same cores there is no idle core for it to overlap with.
 */
export const COMPRESS_SYNCHRONOUSLY_UP_TO = 64 * 1024
