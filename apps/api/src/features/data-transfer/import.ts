import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_PROBLEMS,
  IMPORT_MAX_ROWS,
  type ImportProblem,
  type ImportResult,
  type LanguageCode,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_REQUIRED,
  ProductFormBody,
  type ProductFormValues,
  type ProductOption,
  STOCK_COLUMN_PREFIX,
} from '@store/contract'
import { parse } from 'csv-parse/sync'
import { inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors'
import { categories, productOptions, productOptionValues, products, stockMovements } from '../../db/schema'
import { type Actor, recordChange } from '../../lib/audit'
import { unguardCell } from '../../lib/csv'
import { HttpError, httpError } from '../../lib/errors'
import { translated } from '../../lib/language'
import { fromPaisa, toPaisa } from '../../lib/money'
import { checkPriceRange, replaceOptions } from '../catalog/options'
import { keepStoreNumbersAhead, productRecord } from '../catalog/product-writes'
import type { Notifier } from '../notifications/service'
import { stockChanged } from '../stock/alerts'
import { type ProductFileRow, productsBySku, type StockColumn, stockColumns } from './product-rows'

/** Rows written per statement: large enough to save round trips, small enough for the parameter limit. */
const BATCH = 500

/** What the import writes on each movement it makes, so the ledger says where the units came from. */
export const IMPORT_NOTE = 'CSV import'

/** IMPORT_MAX_BYTES in words. */
export const FILE_TOO_LARGE = 'A product file is at most 5 MB.'

/** The file as text: UTF-8 (with or without the byte order mark), or refused with a sentence. */
function decodeFile(bytes: Buffer): string {
  if (bytes.length === 0) throw httpError(400, 'The file is empty.')
  if (bytes.length > IMPORT_MAX_BYTES) {
    throw httpError(413, FILE_TOO_LARGE)
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    throw httpError(400, 'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.')
  }
}

function parseCsv(text: string): string[][] {
  if (text.includes('\u0000')) throw httpError(400, 'The file is not a CSV file.')
  let records: string[][]
  try {
    // One line more than a file may hold (its header and rows): enough to know it holds too many.
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      to: IMPORT_MAX_ROWS + 2,
    }) as string[][]
  } catch (error) {
    const line = (error as { lines?: number }).lines
    throw httpError(
      400,
      line === undefined
        ? 'The file is not a CSV file.'
        : `The file could not be read as CSV at line ${line}.`,
    )
  }
  if (records.length > IMPORT_MAX_ROWS + 1)
    throw httpError(400, 'A file holds at most 20,000 products; split it and import each part.')
  return records
}

/** A row's form fields as text, and its units by location id where the file gives them. */
interface ReadRow {
  /** As a spreadsheet numbers it: the header is row 1 */
  row: number
  sku: string
  fields: Record<string, string>
  stock: Map<number, number>
}

/** A row checked: the product form's values, the category's id and the stock it asks for. */
interface CheckedRow {
  row: number
  values: ProductFormValues
  categoryId: number
  stock: Map<number, number>
  existing: ProductFileRow | undefined
}

const BOOLEAN_CELLS: Record<string, string> = {
  true: 'true',
  false: 'false',
  yes: 'true',
  no: 'false',
  '1': 'true',
  '0': 'false',
  '': 'false',
}

/** The product form's column of a problem's path: an option's detail is the options column. */
const columnOf = (path: PropertyKey[]): string => String(path[0] ?? 'sku')

/** Values of two products compared as the store would keep them (money in paisa, options without ids). */
const keptOptions = (options: ProductFormValues['options']) =>
  JSON.stringify(
    options.map((option) => ({
      name: option.name,
      values: option.values.map((value) => ({
        label: value.label,
        price_delta: fromPaisa(toPaisa(value.price_delta)),
      })),
    })),
  )

function sameProduct(a: ProductFormValues, b: ProductFormValues): boolean {
  const kept = (values: ProductFormValues) =>
    JSON.stringify({
      ...values,
      stock: 0,
      price: fromPaisa(toPaisa(values.price)),
      options: keptOptions(values.options),
    })
  return kept(a) === kept(b)
}

/** A file row's form fields: the product's own for a column the file leaves out, else the form's defaults. */
function formFields(read: ReadRow, existing: ProductFileRow | undefined, given: Set<string>) {
  const fields: Record<string, string> = {}
  for (const column of PRODUCT_CSV_COLUMNS) {
    const cell = given.has(column) ? read.fields[column] : existing?.cells[column]
    if (cell !== undefined) fields[column] = cell
  }
  if (!fields.options) fields.options = '[]'
  return fields
}

/**
 * Reads and checks a product file: every row as the product form checks it, every problem with its row
 * and column. A file that cannot be read at all (not UTF-8, not CSV, a required column missing, too
 * large) is refused with a sentence.
 */
async function checkFile(db: Db, bytes: Buffer, language: LanguageCode) {
  const records = parseCsv(decodeFile(bytes))
  const [header, ...body] = records
  if (!header || header.length === 0) throw httpError(400, 'The file is empty.')
  const names = header.map((name) => name.trim())
  const missing = PRODUCT_CSV_REQUIRED.find((column) => !names.includes(column))
  if (missing) throw httpError(400, `The file has no "${missing}" column.`)

  const errors: ImportProblem[] = []
  // Each problem in the reader's language, as the API's error sentences are.
  const problem = (row: number, column: string, message: string) =>
    errors.push({ row, column, message: translated(language, message) })
  const places = await stockColumns(db)
  const placeByColumn = new Map(places.map((place) => [place.column.toLowerCase(), place]))
  const known = new Set<string>(PRODUCT_CSV_COLUMNS)
  const seen = new Set<string>()
  const stockAt: { index: number; place: StockColumn }[] = []
  names.forEach((name, index) => {
    if (seen.has(name)) problem(1, name, `The column "${name}" appears twice.`)
    seen.add(name)
    if (known.has(name)) return
    const place = placeByColumn.get(name.toLowerCase())
    if (place) stockAt.push({ index, place })
    else if (name.toLowerCase().startsWith(STOCK_COLUMN_PREFIX)) {
      problem(1, name, `There is no location named "${name.slice(STOCK_COLUMN_PREFIX.length)}".`)
    } else problem(1, name, `The column "${name}" is not one of the product file's.`)
  })
  const given = new Set(names.filter((name) => known.has(name)))

  const rows: ReadRow[] = []
  const skus = new Map<string, number>()
  for (const [index, record] of body.entries()) {
    const row = index + 2
    if (errors.length >= IMPORT_MAX_PROBLEMS) {
      problem(row, 'sku', 'Only the first 500 problems are listed; mend them and check the file again.')
      break
    }
    if (record.length !== names.length) {
      problem(
        row,
        names[Math.min(record.length, names.length - 1)] ?? 'sku',
        `This row has ${record.length} cells; the header has ${names.length}.`,
      )
      continue
    }
    const fields: Record<string, string> = {}
    names.forEach((name, column) => {
      if (known.has(name)) fields[name] = unguardCell(record[column] ?? '')
    })
    const sku = (fields.sku ?? '').trim().toUpperCase()
    if (sku === '') {
      problem(row, 'sku', 'Give every product a code (SKU).')
      continue
    }
    const earlier = skus.get(sku)
    if (earlier !== undefined) {
      problem(row, 'sku', `The code ${sku} is also on row ${earlier}.`)
      continue
    }
    skus.set(sku, row)
    const stock = new Map<number, number>()
    for (const { index: column, place } of stockAt) {
      const cell = unguardCell(record[column] ?? '').trim()
      const units = Number(cell === '' ? '0' : cell)
      if (!Number.isInteger(units) || units < 0 || units > 1_000_000) {
        problem(row, place.column, 'Stock is a whole number from 0 to 1,000,000.')
      } else stock.set(place.locationId, units)
    }
    rows.push({ row, sku, fields, stock })
  }

  const existing = new Map<string, ProductFileRow>()
  const allSkus = rows.map((row) => row.sku)
  for (let start = 0; start < allSkus.length; start += 1000) {
    for (const product of await productsBySku(db, allSkus.slice(start, start + 1000))) {
      existing.set(product.cells.sku ?? '', product)
    }
  }
  const categoryIds = new Map<string, number>()
  for (const category of await db
    .select({ id: categories.id, name: categories.name, nameUr: categories.nameUr })
    .from(categories)) {
    categoryIds.set(category.name.toLowerCase(), category.id)
    if (category.nameUr) categoryIds.set(category.nameUr, category.id)
  }

  const checked: CheckedRow[] = []
  for (const read of rows) {
    const product = existing.get(read.sku)
    const fields = formFields(read, product, given)
    const flag = (column: 'is_featured' | 'is_on_sale') => {
      const value = BOOLEAN_CELLS[(fields[column] ?? '').trim().toLowerCase()]
      if (value === undefined) problem(read.row, column, 'Write true or false.')
      fields[column] = value ?? 'false'
    }
    flag('is_featured')
    flag('is_on_sale')
    const stockTotal = [...read.stock.values()].reduce((sum, units) => sum + units, 0)
    const parsed = ProductFormBody.safeParse({ ...fields, stock: String(Math.min(stockTotal, 1_000_000)) })
    if (!parsed.success) {
      const told = new Set<string>()
      for (const issue of parsed.error.issues) {
        const column = columnOf(issue.path)
        // One sentence per cell is enough to fix it.
        if (told.has(column)) continue
        told.add(column)
        problem(read.row, column, issue.message)
      }
      continue
    }
    const categoryId =
      categoryIds.get(parsed.data.category.toLowerCase()) ?? categoryIds.get(parsed.data.category)
    if (categoryId === undefined) {
      problem(read.row, 'category', `There is no category named "${parsed.data.category}".`)
      continue
    }
    try {
      checkPriceRange(parsed.data.price, parsed.data.options)
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      problem(read.row, 'options', error.errors?.options?.[0] ?? error.detail)
      continue
    }
    checked.push({ row: read.row, values: parsed.data, categoryId, stock: read.stock, existing: product })
  }
  errors.sort((a, b) => a.row - b.row)
  return { errors, checked }
}

/** What a row changes: nothing, or the product's fields and options, and its units by location. */
function changesOf(row: CheckedRow) {
  const before = row.existing
  const fields =
    !before ||
    !sameProduct(row.values, productValues(before)) ||
    before.cells.category !== row.values.category
  const moves: { locationId: number; delta: number }[] = []
  for (const [locationId, units] of row.stock) {
    const delta = units - (before?.stock.get(locationId) ?? 0)
    if (delta !== 0) moves.push({ locationId, delta })
  }
  return { fields, moves }
}

/** A stored product's values as the form reads them, to compare a row with. */
function productValues(product: ProductFileRow): ProductFormValues {
  const parsed = ProductFormBody.safeParse({
    ...product.cells,
    options: product.cells.options || '[]',
    stock: '0',
  })
  // A stored product always reads back; one that did not would count as changed.
  return parsed.success ? parsed.data : ({} as ProductFormValues)
}

/** The file's options with the ids of the product's options and values of the same name and label. */
function keepIds(
  options: ProductFormValues['options'],
  current: ProductOption[],
): ProductFormValues['options'] {
  return options.map((option) => {
    const same = current.find((held) => held.name.toLowerCase() === option.name.toLowerCase())
    return {
      ...(same && { id: same.id }),
      name: option.name,
      values: option.values.map((value) => {
        const held = same?.values.find(
          (candidate) => candidate.label.toLowerCase() === value.label.toLowerCase(),
        )
        return { ...(held && { id: held.id }), label: value.label, price_delta: value.price_delta }
      }),
    }
  })
}

const unitsOf = (row: CheckedRow) => [...row.stock.values()].reduce((sum, units) => sum + units, 0)

/**
 * Runs `write` with one of the stock ledger's session flags on (migration 0021): `store.stock_ledger`
 * keeps a product's stock column from writing its own movement, `store.stock_direct` keeps a movement
 * from adding to the product's total again. New products are written with their total and their
 * openings with this, so each opening row only sets its location's level: half the trigger work.
 */
async function ledgerFlag<T>(
  tx: Db,
  flag: 'store.stock_ledger' | 'store.stock_direct',
  write: () => Promise<T>,
) {
  await tx.execute(sql`select set_config(${flag}, 'on', true)`)
  const result = await write()
  await tx.execute(sql`select set_config(${flag}, '', true)`)
  return result
}

/** Adds new products in batches: their rows, then all their options, then all their values. */
async function createProducts(tx: Db, rows: CheckedRow[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH)
    const created = await ledgerFlag(tx, 'store.stock_ledger', () =>
      tx
        .insert(products)
        .values(
          batch.map((row) => ({
            ...productRecord({ ...row.values, categoryId: row.categoryId }),
            stock: unitsOf(row),
          })),
        )
        .returning({ id: products.id, sku: products.sku }),
    )
    for (const product of created) ids.set(product.sku, product.id)
  }
  const options = rows.flatMap((row) =>
    row.values.options.map((option, position) => ({
      productId: ids.get(row.values.sku ?? '') ?? 0,
      position,
      option,
    })),
  )
  for (let start = 0; start < options.length; start += BATCH) {
    const batch = options.slice(start, start + BATCH)
    const created = await tx
      .insert(productOptions)
      .values(batch.map(({ productId, position, option }) => ({ productId, position, name: option.name })))
      .returning({
        id: productOptions.id,
        productId: productOptions.productId,
        position: productOptions.position,
      })
    const optionId = new Map(created.map((row) => [`${row.productId}:${row.position}`, row.id]))
    const values = batch.flatMap(({ productId, position, option }) =>
      option.values.map((value, valuePosition) => ({
        optionId: optionId.get(`${productId}:${position}`) ?? 0,
        label: value.label,
        priceDelta: value.price_delta,
        position: valuePosition,
      })),
    )
    for (let first = 0; first < values.length; first += BATCH) {
      await tx.insert(productOptionValues).values(values.slice(first, first + BATCH))
    }
  }
  return ids
}

/** Changes products in batches: one statement sets the fields of many, from a JSON list of their rows. */
async function updateProducts(tx: Db, rows: CheckedRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH).map((row) => ({
      id: row.existing?.id,
      ...productRecord({ ...row.values, categoryId: row.categoryId }),
    }))
    await tx.execute(sql`
      update ${products} as p set
        name = v."name", description = v."description", name_ur = v."nameUr", description_ur = v."descriptionUr",
        price = v."price", category_id = v."categoryId", is_featured = v."isFeatured", is_on_sale = v."isOnSale",
        width_cm = v."widthCm", depth_cm = v."depthCm", height_cm = v."heightCm", weight_kg = v."weightKg",
        material = v."material", colour = v."colour", lead_time_days = v."leadTimeDays",
        advance_percent = v."advancePercent", low_stock_threshold = v."lowStockThreshold", updated_at = now()
      from json_to_recordset(${JSON.stringify(batch)}::json) as v(
        "id" integer, "name" text, "description" text, "nameUr" text, "descriptionUr" text, "price" numeric,
        "categoryId" integer, "isFeatured" boolean, "isOnSale" boolean, "widthCm" numeric, "depthCm" numeric,
        "heightCm" numeric, "weightKg" numeric, "material" text, "colour" text, "leadTimeDays" integer,
        "advancePercent" integer, "lowStockThreshold" integer)
      where p.id = v."id"`)
  }
  // Options are replaced one product at a time, and only where they changed, so ids of kept ones stay.
  for (const row of rows) {
    const before = row.existing
    if (!before) continue
    if (keptOptions(row.values.options) !== keptOptions(productValues(before).options))
      await replaceOptions(tx, before.id, keepIds(row.values.options, before.options))
  }
}

export interface ImportRun {
  bytes: Buffer
  /** The reader's, for the problems' sentences */
  language: LanguageCode
  dryRun: boolean
  actor: Actor
  notifier: Notifier
}

/**
 * Checks a product file and, unless it is a dry run or any row has a problem, applies every row in one
 * transaction: products created or updated by sku, their options replaced, their stock at each location
 * set through the stock ledger (an opening for a new product, a count for one held), and one audit
 * entry naming what the import did.
 */
export async function importProducts(db: Db, run: ImportRun): Promise<ImportResult> {
  const { errors, checked } = await checkFile(db, run.bytes, run.language)
  const plan = checked.map((row) => ({ row, ...changesOf(row) }))
  const creates = plan.filter((step) => !step.row.existing)
  const updates = plan.filter((step) => step.row.existing && (step.fields || step.moves.length > 0))
  const result = { created: creates.length, updated: updates.length, errors }
  // A file that changes nothing (the export loaded back) writes nothing, not even an audit entry.
  if (run.dryRun || errors.length > 0 || creates.length + updates.length === 0) return result

  try {
    await db.transaction(async (tx) => {
      // Every product of the file locked in id order, as other writers lock them; a sku taken since
      // the check fails the insert, and nothing is kept.
      const heldIds = updates
        .flatMap((step) => (step.row.existing ? [step.row.existing.id] : []))
        .sort((a, b) => a - b)
      let held = 0
      for (let start = 0; start < heldIds.length; start += 1000) {
        const locked = await tx
          .select({ id: products.id })
          .from(products)
          .where(inArray(products.id, heldIds.slice(start, start + 1000)))
          .for('update')
        held += locked.length
      }
      if (held < heldIds.length)
        throw httpError(409, 'A product of the file was deleted meanwhile; check the file again.')
      const createdIds = await createProducts(
        tx,
        creates.map((step) => step.row),
      )
      await updateProducts(
        tx,
        updates.filter((step) => step.fields).map((step) => step.row),
      )
      await keepStoreNumbersAhead(tx)
      const movements = plan.flatMap((step) => {
        const productId = step.row.existing?.id ?? createdIds.get(step.row.values.sku ?? '')
        if (productId === undefined) return []
        return step.moves.map((move) => ({
          productId,
          locationId: move.locationId,
          delta: move.delta,
          reason: step.row.existing ? ('count' as const) : ('opening' as const),
          note: IMPORT_NOTE,
          actorId: run.actor.id,
        }))
      })
      const [openings, counts] = [
        movements.filter((movement) => movement.reason === 'opening'),
        movements.filter((movement) => movement.reason === 'count'),
      ]
      // A new product's total is already written with it (createProducts).
      await ledgerFlag(tx, 'store.stock_direct', async () => {
        for (let start = 0; start < openings.length; start += BATCH) {
          await tx.insert(stockMovements).values(openings.slice(start, start + BATCH))
        }
      })
      for (let start = 0; start < counts.length; start += BATCH) {
        await tx.insert(stockMovements).values(counts.slice(start, start + BATCH))
      }
      const moved = updates
        .filter((step) => step.moves.length > 0)
        .flatMap((step) => (step.row.existing ? [step.row.existing.id] : []))
      await stockChanged(tx, run.notifier, moved)
      await recordChange(tx, run.actor, {
        action: 'product.import',
        entity: 'product',
        entityId: null,
        before: null,
        after: {
          created: creates.map((step) => step.row.values.sku),
          updated: updates.map((step) => step.row.values.sku),
          stock_movements: movements.length,
        },
      })
    })
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) {
      throw httpError(
        409,
        'Another product took one of the file’s codes meanwhile; nothing was imported. Try again.',
      )
    }
    throw error
  }
  return result
}
