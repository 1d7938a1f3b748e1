import { paths } from '@store/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/harness'
import { insertProduct } from '../../test/product-fixture'
import { callRoute } from '../../test/route-call'
import { acceptedLanguage, cookieLanguage } from './language'

let context: TestContext
let staff: TestUser
beforeAll(async () => {
  context = await createTestApp()
  staff = await createTestUser(context, { staff: true })
})
afterAll(() => context.close())

const URDU = { 'accept-language': 'ur' }
const ARABIC_SCRIPT = /[\u0600-\u06FF]/

describe('the reader’s language', () => {
  it('is Urdu when Accept-Language prefers ur or a regional ur-*', () => {
    expect(acceptedLanguage('ur')).toBe('ur')
    expect(acceptedLanguage('ur-PK,ur;q=0.9,en;q=0.8')).toBe('ur')
    expect(acceptedLanguage('en;q=0.5, ur-IN')).toBe('ur')
  })

  it('is English otherwise', () => {
    expect(acceptedLanguage(undefined)).toBe('en')
    expect(acceptedLanguage('en-US,en;q=0.9,ur;q=0.8')).toBe('en')
    expect(acceptedLanguage('urd, fr')).toBe('en')
    expect(acceptedLanguage('ur;q=0, en')).toBe('en')
    expect(acceptedLanguage('fr-FR')).toBe('en')
  })

  it('follows the lang cookie for pages', () => {
    expect(cookieLanguage('theme=dark; lang=ur')).toBe('ur')
    expect(cookieLanguage('lang=xx')).toBe('en')
    expect(cookieLanguage(undefined)).toBe('en')
  })
})

describe('sentences in Urdu', () => {
  it('answers a 400 validation failure with the detail and each field error in Urdu', async () => {
    const answer = await callRoute(context.app, paths.auth.register, {
      body: { first_name: '', last_name: 'Khan', email: 'not-an-email', password: 'short' },
      headers: URDU,
    })
    expect(answer.status).toBe(400)
    expect(answer.body.detail).toBe('بھیجی گئی معلومات درست نہیں۔ براہِ کرم نشان زدہ خانے دیکھ لیں۔')
    expect(answer.body.errors).toEqual({
      first_name: ['پہلا نام لکھنا ضروری ہے۔'],
      email: ['براہِ کرم درست ای میل ایڈریس لکھیں۔'],
      password: ['پاس ورڈ کم از کم 8 حروف کا ہونا چاہیے۔'],
    })
  })

  it('answers the same request in English, word for word as before, without the header', async () => {
    const answer = await callRoute(context.app, paths.auth.register, {
      body: { first_name: '', last_name: 'Khan', email: 'not-an-email', password: 'short' },
    })
    expect(answer.body).toEqual({
      detail: 'The request body is not valid.',
      errors: {
        first_name: ['First name is required.'],
        email: ['Enter a valid email address.'],
        password: ['The password must be at least 8 characters.'],
      },
    })
  })

  it('answers a 401 in Urdu', async () => {
    const answer = await callRoute(context.app, paths.auth.profile, { headers: URDU })
    expect(answer.status).toBe(401)
    expect(answer.body.detail).toBe(
      'براہِ کرم سائن اِن کریں؛ آپ کی سائن اِن کی معلومات موجود نہیں یا درست نہیں۔',
    )
  })

  it('answers a 404 in Urdu, from a route and from no route', async () => {
    const product = await callRoute(context.app, paths.catalog.getProduct, {
      params: { id: 999999 },
      headers: URDU,
    })
    expect(product.status).toBe(404)
    expect(product.body.detail).toBe('یہ پروڈکٹ نہیں ملی۔')
    const route = await call(context.app, { method: 'GET', url: '/api/nothing-here/', headers: URDU })
    expect(route.status).toBe(404)
    expect(route.body.detail).toBe('یہ پتا (GET /api/nothing-here/) موجود نہیں۔')
  })

  it('answers a 409 in Urdu, the places keeping their values', async () => {
    const product = await insertProduct(context.database.db)
    const answer = await callRoute(context.app, paths.catalog.deleteCategory, {
      params: { id: product.categoryId },
      user: staff,
      headers: URDU,
    })
    expect(answer.status).toBe(409)
    expect(answer.body.detail).toMatch(/^کیٹیگری "Test furniture" میں ابھی \d+ پروڈکٹس? موجود ہ/)
  })

  it('takes ?lang=ur on any route, a strict body’s included, without refusing the query', async () => {
    const login = await call(context.app, {
      method: 'POST',
      url: '/api/auth/login/?lang=ur',
      payload: { email: 'nobody@example.com', password: 'wrong-password', extra: true },
    })
    expect(login.status).toBe(400)
    expect(login.body.errors.non_field_errors).toEqual(['یہ خانہ قبول نہیں کیا جاتا: "extra"'])
    const list = await callRoute(context.app, paths.catalog.listCategories, {
      query: { lang: 'ur', page: 1 },
    })
    expect(list.status).toBe(200)
    // `?lang=en` wins over the header.
    const english = await callRoute(context.app, paths.catalog.getProduct, {
      params: { id: 999999 },
      query: { lang: 'en' },
      headers: URDU,
    })
    expect(english.body.detail).toBe('Product not found.')
  })

  it('answers a Buy Now inquiry in Urdu and writes it in Urdu, naming the product as the reader saw it', async () => {
    const customer = await createTestUser(context)
    const product = await insertProduct(context.database.db, {
      name: 'Cane Chair',
      nameUr: 'بید کی کرسی',
      price: '8000.00',
    })
    const answer = await callRoute(context.app, paths.messaging.buyNow, {
      body: { product_id: product.id },
      user: customer,
      headers: URDU,
    })
    expect(answer.status).toBe(201)
    expect(answer.body.message).toBe('آپ کا پیغام بھیج دیا گیا ہے۔ ہم جلد آپ کے پیغامات میں جواب دیں گے۔')
    const thread = await callRoute(context.app, paths.messaging.listMessages, {
      params: { id: answer.body.conversation_id },
      user: customer,
    })
    expect(thread.body.results.at(-1)?.content).toBe(
      'السلام علیکم، مجھے "بید کی کرسی" (PKR 8,000) میں دلچسپی ہے۔ کیا یہ دستیاب ہے؟',
    )
  })

  it('answers a body that is not JSON in Urdu', async () => {
    const answer = await call(context.app, {
      method: 'POST',
      url: '/api/auth/login/',
      headers: { ...URDU, 'content-type': 'application/json' },
      payload: '{"email": ',
    })
    expect(answer.status).toBe(400)
    expect(ARABIC_SCRIPT.test(answer.body.detail)).toBe(true)
  })
})
