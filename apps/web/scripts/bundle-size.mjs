// What a shopper downloads before the home page can run: the JS and CSS that dist/index.html loads
// (entry script, modulepreloads, stylesheets), measured gzip and brotli. Shared by the budget check
// and `npm run bench:web`.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export function initialAssets(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8')
  // A disabled stylesheet (the other direction's Bootstrap) is not downloaded.
  const tags = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)].map((match) => match[0])
  const refs = tags
    .filter((tag) => !/\sdisabled\b/.test(tag))
    .flatMap((tag) =>
      [...tag.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]),
    )
  return [...new Set(refs)].map((ref) => {
    const bytes = readFileSync(path.join(distDir, ref))
    return {
      file: ref,
      kind: ref.endsWith('.css') ? 'css' : 'js',
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    }
  })
}

export function totals(assets, kind) {
  const picked = assets.filter((asset) => asset.kind === kind)
  return {
    raw: picked.reduce((sum, a) => sum + a.raw, 0),
    gzip: picked.reduce((sum, a) => sum + a.gzip, 0),
    brotli: picked.reduce((sum, a) => sum + a.brotli, 0),
  }
}
