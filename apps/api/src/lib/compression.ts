import { constants } from 'node:zlib'

/** Answers smaller than this go uncompressed: the headers would outweigh the saving. */
export const COMPRESS_FROM_BYTES = 1024

/** Brotli at quality 4 in text mode (@fastify/compress's own default): near gzip's speed, smaller. */
export const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 },
}
