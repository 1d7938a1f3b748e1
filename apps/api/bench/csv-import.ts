/**
 * The product CSV of `npm run bench` (issue 32; `BENCH_TARGETS=csv` runs it alone): 10,000 products
 * loaded from one file by the production server, on PostgreSQL and on the embedded PGlite, with the
 * target of under a minute for the import. Each step is one request timed end to end: the dry run,
 * the import that creates them all (options, Urdu texts, stock at two locations), the export of the
 * whole catalogue, the same file again (changes nothing), and a file changing every price.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PRODUCT_CSV_COLUMNS } from '@store/contract'
import { stringify } from 'csv-stringify/sync'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../src/db/client'
import { createUser } from '../src/features/auth/service'
import { createTokenService } from '../src/lib/auth'
import { dropPostgresDatabase, freshPostgresDatabase, startServer } from './bench-server'

export const CSV_ROWS = Number(process.env.BENCH_CSV_ROWS ?? 10_000)
const TARGET_SECONDS = 60

export interface CsvStep {
  database: string
  step: string
  seconds: number
  answer: string
}

const LOCATIONS = ['Main warehouse', 'Gulberg showroom']
const header = [...PRODUCT_CSV_COLUMNS, ...LOCATIONS.map((name) => `stock: ${name}`)]
const materials = ['Oak', 'Walnut', 'Sheesham', 'Teak', 'Velvet', 'Linen']

/** A catalogue file of `rows` products: a third with two options, all with Urdu texts and stock. */
export function catalogueFile(rows: number, priceFrom = 5000): Buffer {
  const records: (string | number)[][] = [header]
  for (let i = 1; i <= rows; i++) {
    const options =
      i % 3 === 0
        ? JSON.stringify([
            {
              name: 'Fabric',
              values: [
                { label: 'Velvet', price_delta: '0' },
                { label: 'Linen', price_delta: '-1500' },
              ],
            },
            {
              name: 'Size',
              values: [
                { label: 'Large', price_delta: '4000' },
                { label: 'Small', price_delta: '0' },
              ],
            },
          ])
        : ''
    const row: Record<string, string | number> = {
      sku: `BENCH-${String(i).padStart(6, '0')}`,
      name: `${materials[i % materials.length]} piece ${i}`,
      name_ur: `فرنیچر نمبر ${i}`,
      description: 'Handcrafted in Lahore from seasoned wood, finished by hand.',
      description_ur: 'لاہور میں ہاتھ سے بنایا گیا، پکی لکڑی سے۔',
      category: i % 2 ? 'Sofas' : 'Beds',
      price: String(priceFrom + ((i * 7919) % 300000)),
      options,
      is_featured: i % 50 === 0 ? 'true' : 'false',
      is_on_sale: i % 7 === 0 ? 'true' : 'false',
      width_cm: i % 4 ? 200 : '',
      depth_cm: i % 4 ? 90 : '',
      height_cm: i % 4 ? 85 : '',
      weight_kg: i % 4 ? 45.5 : '',
      material: materials[i % materials.length] ?? '',
      colour: i % 5 ? 'Brown' : '',
      lead_time_days: i % 23 === 0 ? 21 : 0,
      advance_percent: '',
      low_stock_threshold: '',
    }
    records.push([...PRODUCT_CSV_COLUMNS.map((column) => row[column] ?? ''), i % 10, i % 3])
  }
  return Buffer.from(`\uFEFF${stringify(records)}`)
}

async function postFile(url: string, token: string, bytes: Buffer, dryRun: boolean) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'products.csv')
  const response = await fetch(`${url}/api/admin/import/products/${dryRun ? '?dry_run=true' : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  const body = (await response.json()) as {
    created?: number
    updated?: number
    errors?: unknown[]
    detail?: string
  }
  if (response.status !== 200 || body.errors?.length) {
    throw new Error(`import answered ${response.status}: ${JSON.stringify(body).slice(0, 500)}`)
  }
  return `created ${body.created}, updated ${body.updated}`
}

async function timed(database: string, step: string, work: () => Promise<string>): Promise<CsvStep> {
  const started = performance.now()
  const answer = await work()
  const seconds = Math.round((performance.now() - started) / 100) / 10
  console.log(`  ${database} ${step}: ${seconds} s (${answer})`)
  return { database, step, seconds, answer }
}

async function benchDatabase(name: 'postgres' | 'pglite', databaseServer: string): Promise<CsvStep[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `store-bench-csv-${name}-`))
  const databaseUrl =
    name === 'postgres' ? await freshPostgresDatabase(databaseServer, 'store_bench_csv') : ''
  const database = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir })
  await database.migrate()
  await database.db.execute(
    sql`insert into categories (name) values ('Sofas'), ('Beds') on conflict do nothing`,
  )
  await database.db.execute(sql`delete from locations`)
  await database.db.execute(
    sql`insert into locations (name, kind, city) values (${LOCATIONS[0]}, 'warehouse', 'Lahore'), (${LOCATIONS[1]}, 'showroom', 'Lahore')`,
  )
  const staff = await createUser(database.db, {
    email: 'csv@bench.example',
    password: randomBytes(12).toString('hex'),
    first_name: 'Bench',
    last_name: 'Staff',
    role: 'catalogue',
  })
  // Done before the server starts: the embedded database admits one process at a time.
  await database.close()
  if (!staff) throw new Error('could not create the bench staff member')
  const secret = randomBytes(32).toString('hex')
  const token = await createTokenService(secret).sign({ sub: String(staff.id), type: 'access' }, 3600)
  const server = await startServer({
    JWT_SECRET: secret,
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
  })
  try {
    const file = catalogueFile(CSV_ROWS)
    const steps = [
      await timed(name, `dry run, ${CSV_ROWS} new rows`, () => postFile(server.url, token, file, true)),
      await timed(name, `import, ${CSV_ROWS} new rows`, () => postFile(server.url, token, file, false)),
    ]
    let exported = Buffer.alloc(0)
    steps.push(
      await timed(name, 'export of the catalogue', async () => {
        const response = await fetch(`${server.url}/api/admin/export/products.csv`, {
          headers: { authorization: `Bearer ${token}` },
        })
        exported = Buffer.from(await response.arrayBuffer())
        return `${response.status}, ${(exported.length / 1024 / 1024).toFixed(1)} MB`
      }),
      await timed(name, 'the export imported again', () => postFile(server.url, token, exported, false)),
      await timed(name, `import, ${CSV_ROWS} prices changed`, () =>
        postFile(server.url, token, catalogueFile(CSV_ROWS, 6000), false),
      ),
    )
    return steps
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGTERM')
    if (name === 'postgres') {
      await new Promise((resolve) => server.child.once('exit', resolve))
      await dropPostgresDatabase(databaseServer, 'store_bench_csv')
    }
  }
}

/** The CSV steps on both databases; the import of new rows held to the one-minute target. */
export async function runCsvBench(databaseServer: string): Promise<CsvStep[]> {
  console.log(`\ncsv: ${CSV_ROWS.toLocaleString('en')} products from one file`)
  return [
    ...(await benchDatabase('postgres', databaseServer)),
    ...(await benchDatabase('pglite', databaseServer)),
  ]
}

export function printCsv(steps: CsvStep[]): void {
  console.log('\n| database | step | seconds | answer |\n|---|---|---|---|')
  for (const step of steps)
    console.log(`| ${step.database} | ${step.step} | ${step.seconds} | ${step.answer} |`)
  console.log('\nThe target, this run:\n\n| database | target | reached | met |\n|---|---|---|---|')
  for (const step of steps.filter(
    (each) => each.step.startsWith('import,') && each.step.endsWith('new rows'),
  )) {
    console.log(
      `| ${step.database} | ${CSV_ROWS} products imported in under ${TARGET_SECONDS} s | ${step.seconds} s | ${step.seconds < TARGET_SECONDS ? 'yes' : 'no'} |`,
    )
  }
}
