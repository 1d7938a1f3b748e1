import { paths } from '@store/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemAt } from '../../../test/fixtures'
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../../test/harness'
import { callRoute } from '../../../test/route-call'
import { categories, productOptions } from '../../db/schema'

let context: TestContext
let staff: TestUser
let customer: TestUser

beforeAll(async () => {
  context = await createTestApp()
  staff = await createTestUser(context, { staff: true })
  customer = await createTestUser(context)
  await context.database.db.insert(categories).values([{ name: 'Sofas' }, { name: 'Beds' }])
})
afterAll(() => context.close())

interface OptionForm {
  id?: number
  name: string
  values: { id?: number; label: string; price_delta: string | number }[]
}

const sofaFields = {
  name: 'Chesterfield Sofa',
  description: 'Hand-tufted rolled arms on a sheesham frame.',
  category: 'Sofas',
  price: '245000',
  stock: '4',
}

const sofaOptions: OptionForm[] = [
  {
    name: 'Fabric',
    values: [
      { label: 'Emerald velvet', price_delta: 0 },
      { label: 'Beige linen', price_delta: '4000' },
    ],
  },
  {
    name: 'Size',
    values: [
      { label: '3-seater', price_delta: '0' },
      { label: '2-seater', price_delta: '-30000' },
    ],
  },
]

/** The answer's options with ids, as the editor sends them back. */
/** The product form's fields with its options, which the admin's form sends as one JSON field. */
const withOptions = <Fields extends object>(fields: Fields, options: OptionForm[]) => ({
  ...fields,
  options: JSON.stringify(options),
})

const asForm = (
  options: { id: number; name: string; values: { id: number; label: string; price_delta: string }[] }[],
) => options.map((option) => ({ ...option, values: option.values.map((value) => ({ ...value })) }))

describe('POST /api/products/ with options and details', () => {
  it('creates the options in display order and answers every detail', async () => {
    const answer = await callRoute(context.app, paths.catalog.createProduct, {
      body: withOptions(
        {
          ...sofaFields,
          width_cm: '220',
          depth_cm: '95.5',
          height_cm: '78',
          weight_kg: '78.25',
          material: ' Velvet ',
          colour: 'Green',
          lead_time_days: '21',
        },
        sofaOptions,
      ),
      user: staff,
    })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({
      category_id: expect.any(Number),
      dimensions: { width_cm: 220, depth_cm: 95.5, height_cm: 78 },
      weight_kg: 78.25,
      material: 'Velvet',
      colour: 'Green',
      lead_time_days: 21,
      options: [
        {
          id: expect.any(Number),
          name: 'Fabric',
          values: [
            { id: expect.any(Number), label: 'Emerald velvet', price_delta: '0.00' },
            { id: expect.any(Number), label: 'Beige linen', price_delta: '4000.00' },
          ],
        },
        {
          id: expect.any(Number),
          name: 'Size',
          values: [
            { id: expect.any(Number), label: '3-seater', price_delta: '0.00' },
            { id: expect.any(Number), label: '2-seater', price_delta: '-30000.00' },
          ],
        },
      ],
    })
    const detail = await callRoute(context.app, paths.catalog.getProduct, { params: { id: answer.body.id } })
    expect(detail.body.options).toEqual(answer.body.options)
  })

  it('answers a plain product with no options and null details', async () => {
    const answer = await callRoute(context.app, paths.catalog.createProduct, {
      body: { ...sofaFields, name: 'Plain Ottoman' },
      user: staff,
    })
    expect(answer.body).toMatchObject({
      options: [],
      dimensions: null,
      weight_kg: null,
      material: null,
      colour: null,
      lead_time_days: 0,
    })
  })

  it('answers 400 for half the dimensions, an id it has not, and a price that choices take below zero', async () => {
    const half = await callRoute(context.app, paths.catalog.createProduct, {
      body: { ...sofaFields, width_cm: '100' },
      user: staff,
    })
    expect(half.status).toBe(400)
    expect(half.body.errors.width_cm).toEqual(['Give width, depth and height together, or none of them.'])

    const existing = await callRoute(context.app, paths.catalog.createProduct, {
      body: withOptions(sofaFields, sofaOptions),
      user: staff,
    })
    const foreign = await callRoute(context.app, paths.catalog.createProduct, {
      body: withOptions({ ...sofaFields, name: 'Copy' }, asForm(existing.body.options)),
      user: staff,
    })
    expect(foreign.status).toBe(400)
    expect(foreign.body.errors.options).toEqual([
      `Option ${itemAt(existing.body.options, 0).id} is not one of this product's, or is sent twice.`,
    ])

    const cheap = await callRoute(context.app, paths.catalog.createProduct, {
      body: withOptions({ ...sofaFields, name: 'Too Cheap', price: '20000' }, [
        { name: 'Size', values: [{ label: 'Small', price_delta: '-30000' }] },
      ]),
      user: staff,
    })
    expect(cheap.status).toBe(400)
    expect(cheap.body.errors.options).toEqual([
      'With the cheapest choices the price would be −PKR 10,000, below zero.',
    ])
    const named = await callRoute(context.app, paths.catalog.listProducts, { query: { search: 'copy' } })
    expect(named.body.count).toBe(0)
  })
})

describe('PUT /api/products/:id/ options', () => {
  it('keeps what comes with its id, creates the rest and deletes what is missing, in the given order', async () => {
    const created = await callRoute(context.app, paths.catalog.createProduct, {
      body: withOptions(sofaFields, sofaOptions),
      user: staff,
    })
    const [fabric, size] = [itemAt(asForm(created.body.options), 0), itemAt(asForm(created.body.options), 1)]
    const edited: OptionForm[] = [
      // Size first now, its 2-seater gone and a 4-seater added
      {
        ...size,
        values: [itemAt(size.values, 0), { label: '4-seater', price_delta: '35000.50' }],
      },
      { ...fabric, name: 'Upholstery' },
    ]
    const answer = await callRoute(context.app, paths.catalog.updateProduct, {
      params: { id: created.body.id },
      body: withOptions(sofaFields, edited),
      user: staff,
    })
    expect(answer.status).toBe(200)
    expect(answer.body.options).toEqual([
      {
        id: size.id,
        name: 'Size',
        values: [size.values[0], { id: expect.any(Number), label: '4-seater', price_delta: '35000.50' }],
      },
      { id: fabric.id, name: 'Upholstery', values: fabric.values },
    ])
    const cleared = await callRoute(context.app, paths.catalog.updateProduct, {
      params: { id: created.body.id },
      body: withOptions(sofaFields, []),
      user: staff,
    })
    expect(cleared.body.options).toEqual([])
    const left = await context.database.db
      .select()
      .from(productOptions)
      .where(eq(productOptions.productId, created.body.id))
    expect(left).toEqual([])
  })

  it('answers 400 for a value of another product, changing nothing', async () => {
    const mine = await callRoute(context.app, paths.catalog.createProduct, {
      body: withOptions(sofaFields, sofaOptions),
      user: staff,
    })
    const theirs = await callRoute(context.app, paths.catalog.createProduct, {
      body: withOptions({ ...sofaFields, name: 'Their Sofa' }, sofaOptions),
      user: staff,
    })
    const [fabric, size] = [itemAt(asForm(mine.body.options), 0), itemAt(asForm(mine.body.options), 1)]
    const stolen = itemAt(itemAt(theirs.body.options, 0).values, 1)
    const answer = await callRoute(context.app, paths.catalog.updateProduct, {
      params: { id: mine.body.id },
      body: withOptions({ ...sofaFields, name: 'Renamed' }, [
        { ...fabric, values: [...fabric.values, stolen] },
        size,
      ]),
      user: staff,
    })
    expect(answer.status).toBe(400)
    expect(answer.body.errors.options).toEqual([
      `Value ${stolen.id} is not one of this product's, or is sent twice.`,
    ])
    const after = await callRoute(context.app, paths.catalog.getProduct, { params: { id: mine.body.id } })
    expect(after.body).toMatchObject({ name: 'Chesterfield Sofa', options: mine.body.options })
  })

  it('drops the cart lines whose choice an edit removes, and keeps the others at the new price', async () => {
    const created = await callRoute(context.app, paths.catalog.createProduct, {
      body: withOptions(sofaFields, sofaOptions),
      user: staff,
    })
    const [fabric, size] = [itemAt(asForm(created.body.options), 0), itemAt(asForm(created.body.options), 1)]
    const choose = (fabricAt: number, sizeAt: number) => ({
      product_id: created.body.id,
      options: { [fabric.id]: itemAt(fabric.values, fabricAt).id, [size.id]: itemAt(size.values, sizeAt).id },
    })
    await callRoute(context.app, paths.cart.addToCart, { body: choose(1, 0), user: customer })
    await callRoute(context.app, paths.cart.addToCart, { body: choose(0, 1), user: customer })
    const lineIds = async () =>
      (await callRoute(context.app, paths.cart.getCart, { user: customer })).body.items
        .filter((item: { product: { id: number } }) => item.product.id === created.body.id)
        .map((item: { options: { value: string }[]; unit_price: string }) => [
          item.options.map((option) => option.value).join(' '),
          item.unit_price,
        ])

    // The 2-seater goes and the linen costs more: the velvet 2-seater line goes, the linen one costs more.
    await callRoute(context.app, paths.catalog.updateProduct, {
      params: { id: created.body.id },
      body: withOptions(sofaFields, [
        {
          ...fabric,
          values: [itemAt(fabric.values, 0), { ...itemAt(fabric.values, 1), price_delta: '5000' }],
        },
        { ...size, values: [itemAt(size.values, 0)] },
      ]),
      user: staff,
    })
    expect(await lineIds()).toEqual([['Beige linen 3-seater', '250000.00']])

    // A new option: no line has chosen it, so none can be ordered as it is.
    await callRoute(context.app, paths.catalog.updateProduct, {
      params: { id: created.body.id },
      body: withOptions(sofaFields, [
        ...asForm(
          (await callRoute(context.app, paths.catalog.getProduct, { params: { id: created.body.id } })).body
            .options,
        ),
        { name: 'Legs', values: [{ label: 'Oak', price_delta: 0 }] },
      ]),
      user: staff,
    })
    expect(await lineIds()).toEqual([])
  })
})

describe('search by material and colour', () => {
  it('finds products by their material and colour words, with a typo', async () => {
    await callRoute(context.app, paths.catalog.createProduct, {
      body: {
        ...sofaFields,
        name: 'Reading Chair',
        description: 'Deep seat, high back.',
        material: 'Sheesham wood',
        colour: 'Mustard',
      },
      user: staff,
    })
    const byMaterial = await callRoute(context.app, paths.catalog.listProducts, {
      query: { search: 'sheesam' },
    })
    expect(byMaterial.body.results.map((product: { name: string }) => product.name)).toContain(
      'Reading Chair',
    )
    const byColour = await callRoute(context.app, paths.catalog.listProducts, {
      query: { search: 'mustard chair' },
    })
    expect(byColour.body.results.map((product: { name: string }) => product.name)).toEqual(['Reading Chair'])
  })
})
