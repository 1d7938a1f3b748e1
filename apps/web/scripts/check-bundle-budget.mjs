// CI's bundle budget (issue 6): fails when the shop's initial JS grows past the budget, gzip.
// Deterministic: it measures the built files, not a browser.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { initialAssets, totals } from './bundle-size.mjs'

const BUDGET_JS_GZIP = 150 * 1024
const distDir = path.resolve(import.meta.dirname, '../dist')
const assets = initialAssets(distDir)
const js = totals(assets, 'js')
const css = totals(assets, 'css')
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

console.log(`initial JS ${kb(js.gzip)} gzip (budget ${kb(BUDGET_JS_GZIP)}), initial CSS ${kb(css.gzip)} gzip`)
let failed = false
if (js.gzip > BUDGET_JS_GZIP) {
  console.error(`The shop's initial JS is over budget by ${kb(js.gzip - BUDGET_JS_GZIP)}.`)
  failed = true
}
// The back office and chart.js must stay out of what a shopper downloads: neither the dashboard's
// title nor a message only chart.js's own code holds may be in an initial file.
for (const asset of assets) {
  const text = readFileSync(path.join(distDir, asset.file), 'utf8')
  if (text.includes('Sales Revenue (Last 30 Days)') || text.includes('Canvas is already in use')) {
    console.error(`${asset.file} is loaded up front but holds admin or chart.js code.`)
    failed = true
  }
}
const chunks = readdirSync(path.join(distDir, 'assets'))
if (!chunks.some((name) => name.endsWith('.js') && !assets.some((a) => a.file.endsWith(name)))) {
  console.error('No lazy chunks were built: the admin area must be split out.')
  failed = true
}
process.exit(failed ? 1 : 0)
