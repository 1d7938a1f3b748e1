// `npm run bench:web`: what the shop costs a shopper on a phone. Build sizes of the home route's
// initial JS and CSS (gzip and brotli), which chunks stay lazy, and Lighthouse (mobile preset, Debian
// chromium) on the home, listing and product pages: the median of three runs each.
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { initialAssets, totals } from './bundle-size.mjs'

const webRoot = path.resolve(import.meta.dirname, '..')
const repoRoot = path.resolve(webRoot, '../..')
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const kb = (bytes) => Number((bytes / 1024).toFixed(1))
// A message only chart.js's own code holds, to find the chunk it was bundled into.
const CHART_JS_MARK = 'Canvas is already in use'

// The full build (vite build + precompress), the same one `npm start` serves.
execFileSync('npm', ['run', 'build'], { cwd: webRoot, stdio: 'ignore' })
const dist = path.join(webRoot, 'dist')
const assets = initialAssets(dist)
const lazyChunks = readdirSync(path.join(dist, 'assets'))
  .filter((name) => name.endsWith('.js') && !assets.some((a) => a.file.endsWith(name)))
  .map((name) => ({ file: name, raw: statSync(path.join(dist, 'assets', name)).size }))
const chartChunk = lazyChunks.find((chunk) =>
  readFileSync(path.join(dist, 'assets', chunk.file), 'utf8').includes(CHART_JS_MARK),
)
const sizes = {
  initialJs: totals(assets, 'js'),
  initialCss: totals(assets, 'css'),
  lazyChunks: lazyChunks.length,
  chartJsLazy: Boolean(chartChunk) && !assets.some((a) => a.file.endsWith(chartChunk?.file ?? '')),
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

const port = await freePort()
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: path.join(repoRoot, 'apps/api'),
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'store-bench-web-')),
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
})
const base = `http://127.0.0.1:${port}`
// The first start migrates and draws the demo catalogue's pictures: on a busy machine, over a minute.
let started = false
for (let i = 0; i < 1200 && !started; i++) {
  try {
    started = (await fetch(`${base}/api/health/`)).ok
  } catch {
    // starting
  }
  if (!started) await new Promise((resolve) => setTimeout(resolve, 150))
}
if (!started) {
  server.kill()
  throw new Error(`the store did not start at ${base}`)
}
const products = await (await fetch(`${base}/api/products/?page_size=1`)).json()
const pages = [
  ['home', '/'],
  ['listing', '/products'],
  ['product', `/product/${products.results[0].id}`],
]

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
/**
 * One Lighthouse run of a page. Lighthouse itself sometimes fails to record a load (NO_NAVSTART,
 * "please run Lighthouse again"): such a run is done again, twice at most, and never counted.
 */
async function measure(url, attempts = 3) {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' })
  const { runtimeError } = result.lhr
  if (!runtimeError) return result.lhr
  if (attempts > 1) return measure(url, attempts - 1)
  throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`)
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const lighthouseRows = []
try {
  for (const [name, pathname] of pages) {
    const runs = []
    for (let run = 0; run < RUNS; run++) {
      const lhr = await measure(`${base}${pathname}`)
      const { categories, audits } = lhr
      runs.push({
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        bestPractices: Math.round(categories['best-practices'].score * 100),
        seo: Math.round(categories.seo.score * 100),
        lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
        cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
        tbtMs: Math.round(audits['total-blocking-time'].numericValue),
        // Lighthouse's measure of this machine's speed at the time: the same page scores lower on a
        // slower CPU, so runs on different days compare only alongside it.
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      })
    }
    const row = { page: name }
    for (const key of Object.keys(runs[0])) row[key] = median(runs.map((r) => r[key]))
    lighthouseRows.push(row)
    console.log(`${name}: ${JSON.stringify(row)}`)
  }
} finally {
  await chrome.kill()
  server.kill('SIGTERM')
}

mkdirSync(path.join(repoRoot, 'bench-results'), { recursive: true })
const file = path.join(repoRoot, 'bench-results/web.json')
writeFileSync(
  file,
  JSON.stringify({ date: new Date().toISOString(), runs: RUNS, sizes, lighthouse: lighthouseRows }, null, 2),
)

console.log(
  `\ninitial JS ${kb(sizes.initialJs.gzip)} KB gzip / ${kb(sizes.initialJs.brotli)} KB brotli; ` +
    `initial CSS ${kb(sizes.initialCss.gzip)} KB gzip / ${kb(sizes.initialCss.brotli)} KB brotli; ` +
    `${sizes.lazyChunks} lazy chunks; chart.js lazy: ${sizes.chartJsLazy}`,
)
console.log(
  '\n| page | performance | accessibility | best practices | SEO | LCP ms | CLS | TBT ms | benchmark index |',
)
console.log('|---|---|---|---|---|---|---|---|---|')
for (const r of lighthouseRows) {
  console.log(
    `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.cls} | ${r.tbtMs} | ${r.benchmarkIndex} |`,
  )
}
console.log(`\nWritten to ${path.relative(repoRoot, file)}`)
process.exit(0)
