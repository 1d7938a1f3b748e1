// After `vite build`: writes .br and .gz beside every text asset, so the server sends them as they
// are (@fastify/static preCompressed) instead of compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dist = path.resolve(import.meta.dirname, '../dist')
const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? walk(full) : [full]
  })
}

let count = 0
for (const file of walk(dist)) {
  if (!compressible.test(file)) continue
  const bytes = readFileSync(file)
  if (bytes.length < 1024) continue
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
  count += 1
}
console.log(`precompressed ${count} files`)
