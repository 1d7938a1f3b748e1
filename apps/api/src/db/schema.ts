import {
  type CancellationRequest,
  type ChosenOption,
  type ClaimReason,
  type ClaimStatus,
  type ClaimWanted,
  type DocumentKind,
  type EntryKind,
  type EntryStatus,
  type InquiryDetails,
  type InvoiceMoment,
  LANGUAGES,
  type LanguageCode,
  type LedgerMethod,
  type LocationKind,
  type MovementReason,
  type Order,
  type OrderChannel,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type ResolutionKind,
  type RestockLine,
  Role,
  type StopStatus,
} from '@store/contract'
import { type SQL, sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/**
 * `ORDER BY x DESC` puts nulls first; drizzle writes `.desc()` as DESC NULLS LAST, which the planner
 * cannot read in that order, so every newest-first page sorted the whole table. This index matches.
 */
const descending = (column: ExtraConfigColumn) => column.desc().nullsFirst()

/** A full-text document; written only by the triggers of migration 0005, never by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
})

type CancellationRequestStatus = CancellationRequest['status']

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
/** The last change to what the row's page shows (the sitemap's lastmod); kept by triggers (migration 0011) */
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** null for a customer the order desk keeps by name and phone only (docs/api.md "Staff orders") */
    email: text('email'),
    /** Empty for an account nobody has set a password for yet: no password signs it in */
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').$type<Role>().notNull().default('customer'),
    /** Kept by PostgreSQL from the role: every role but customer is staff */
    isStaff: boolean('is_staff').notNull().generatedAlwaysAs(sql`role <> 'customer'`),
    isActive: boolean('is_active').notNull().default(true),
    phone: text('phone'),
    notifyEmail: boolean('notify_email').notNull().default(true),
    /** The shop's language for this person: the web app's choice, their mails */
    language: text('language').$type<LanguageCode>().notNull().default('en'),
    /**
     * Access tokens issued before this moment stop working (a password reset signs out everywhere);
     * null: every unexpired token works
     */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true, mode: 'date' }),
    /** The authenticator secret, encrypted (lib/secret-box); set at setup, in use once confirmed */
    totpSecret: text('totp_secret'),
    /** When two-factor sign-in was confirmed; null: off */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The 30-second step of the last code accepted: a code is good once (RFC 6238 §5.2) */
    totpLastStep: integer('totp_last_step'),
    createdAt: createdAt(),
  },
  (t) => [
    // Emails are compared case-insensitively: one account per address whatever its case.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check(
      'users_language_known',
      sql`${t.language} in (${sql.raw(LANGUAGES.map((code) => `'${code}'`).join(', '))})`,
    ),
    check(
      'users_role_known',
      sql`${t.role} in (${sql.raw(Role.options.map((role) => `'${role}'`).join(', '))})`,
    ),
  ],
)

/** Staff recovery codes for a lost phone, stored as SHA-256 hashes; each signs in once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
)

/**
 * Every staff change, written in the change's transaction. Append-only: triggers (migration 0014)
 * refuse UPDATE, DELETE and TRUNCATE. The actor's email is copied, not joined, so history outlives
 * an account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    ip: text('ip'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.id), index('audit_log_at_idx').on(t.at)],
)

/**
 * A signed-in device: begun by a sign-in, kept alive by refreshing, ended by signing out (this one,
 * the others, or all with a password change). Access and refresh tokens carry its id (`sid`).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.lastUsedAt)],
)

/** Issued refresh tokens: rotation marks the old one used; reuse of a used one ends its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId), index('refresh_tokens_user_idx').on(t.userId)],
)

/**
 * A category name in URL form: lower case, each run of other characters than latin letters and digits
 * one hyphen ('Dining & Kitchen' → 'dining-kitchen'); `fallback` when nothing is left.
 */
export const categorySlug = (name: SQL, fallback: SQL) =>
  sql`coalesce(nullif(btrim(regexp_replace(lower(${name}), '[^a-z0-9]+', '-', 'g'), '-'), ''), ${fallback})`

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    /** The Urdu name; empty: readers of Urdu see the English one */
    nameUr: text('name_ur').notNull().default(''),
    /** Computed by the database, so it follows every rename; 'category-<id>' for a name without latin letters or digits */
    slug: text('slug').notNull().generatedAlwaysAs(categorySlug(sql`"name"`, sql`'category-' || "id"::text`)),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One slug per category also makes names unique whatever their letter case ('Sofas', 'sofas').
    uniqueIndex('categories_slug_key').on(t.slug),
    // An Urdu name names one category too: the shop's filters and facets read categories by it.
    uniqueIndex('categories_name_ur_key').on(t.nameUr).where(sql`${t.nameUr} <> ''`),
  ],
)

/**
 * A product's average rating as lists show and sort it: rounded to one decimal, 0 without reviews.
 * The same expression is indexed (products_rating_idx), so the planner matches the query to the index.
 */
export const averageRating = (t: { reviewCount: AnyPgColumn; ratingTotal: AnyPgColumn }) =>
  sql<string>`(case when ${t.reviewCount} > 0 then round(${t.ratingTotal}::numeric / ${t.reviewCount}, 1) else 0 end)`

/**
 * A product's or category's name as a reader of `language` sees it: the Urdu one when there is one.
 * The same expression is indexed (products_name_ur_idx), so the Urdu name order reads the index.
 */
export const shownName = (t: { name: AnyPgColumn; nameUr: AnyPgColumn }, language: LanguageCode): SQL =>
  language === 'ur' ? sql`coalesce(nullif(${t.nameUr}, ''), ${t.name})` : sql`${t.name}`

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** The shop's own code for the piece, which spreadsheets match by; numbered by the store unless given */
    sku: text('sku')
      .notNull()
      .unique('products_sku_key')
      .default(sql`'CL-' || lpad(nextval('products_sku_seq')::text, 6, '0')`),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** The Urdu texts; empty: readers of Urdu see the English ones */
    nameUr: text('name_ur').notNull().default(''),
    descriptionUr: text('description_ur').notNull().default(''),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    stock: integer('stock').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    isFeatured: boolean('is_featured').notNull().default(false),
    isOnSale: boolean('is_on_sale').notNull().default(false),
    // Kept by the review service in the same transaction as the review, so lists need no aggregate.
    reviewCount: integer('review_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    createdAt: createdAt(),
    // Measured to the millimetre and the 10 grams; null until measured.
    widthCm: numeric('width_cm', { precision: 8, scale: 1, mode: 'number' }),
    depthCm: numeric('depth_cm', { precision: 8, scale: 1, mode: 'number' }),
    heightCm: numeric('height_cm', { precision: 8, scale: 1, mode: 'number' }),
    weightKg: numeric('weight_kg', { precision: 8, scale: 2, mode: 'number' }),
    material: text('material'),
    colour: text('colour'),
    /** 0 ships from stock; above 0 the piece is made to order and may be ordered at stock 0 */
    leadTimeDays: integer('lead_time_days').notNull().default(0),
    /** Percent of the price paid ahead, over the store's advance rules; null: the rules decide */
    advancePercent: integer('advance_percent'),
    /** Staff hear when stock falls to this; null: the store's default (stock_settings) */
    lowStockThreshold: integer('low_stock_threshold'),
    /** Staff were told it is low; they are told again only after it has gone back above */
    lowStockAlerted: boolean('low_stock_alerted').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
    check('products_price_non_negative', sql`${t.price} >= 0`),
    check('products_lead_time_range', sql`${t.leadTimeDays} between 0 and 365`),
    check('products_advance_percent_range', sql`${t.advancePercent} between 0 and 100`),
    check('products_low_stock_threshold_range', sql`${t.lowStockThreshold} between 0 and 10000`),
    // A product has all three dimensions or none, so a page never shows half a size.
    check(
      'products_dimensions_complete',
      sql`(${t.widthCm} is null) = (${t.depthCm} is null) and (${t.depthCm} is null) = (${t.heightCm} is null)`,
    ),
    check(
      'products_measures_positive',
      sql`${t.widthCm} > 0 and ${t.depthCm} > 0 and ${t.heightCm} > 0 and ${t.weightKg} > 0`,
    ),
    index('products_created_idx').on(descending(t.createdAt), descending(t.id)),
    index('products_category_idx').on(t.categoryId, descending(t.createdAt), descending(t.id)),
    index('products_sale_idx').on(descending(t.createdAt), descending(t.id)).where(sql`${t.isOnSale}`),
    index('products_featured_idx').on(descending(t.createdAt), descending(t.id)).where(sql`${t.isFeatured}`),
    // The list's other orderings, each read from an index in order (scanned backwards for -price and
    // -average_rating), and its material and colour filters, matched without regard to letter case.
    index('products_price_idx').on(t.price, t.id),
    index('products_name_idx').on(sql`lower(${t.name})`, t.id),
    // The name order of Urdu readers: by the name they see (the Urdu one, else the English one).
    index('products_name_ur_idx').on(sql`lower(${shownName(t, 'ur')})`, t.id),
    index('products_rating_idx').on(averageRating(t), t.createdAt, t.id),
    // With the spelling beside the key, the facets count a material or colour from the index alone.
    index('products_material_idx').on(sql`lower(${t.material})`, t.material),
    index('products_colour_idx').on(sql`lower(${t.colour})`, t.colour),
  ],
)

/** A choice a shopper makes for a product (e.g. Fabric), in display order. */
export const productOptions = pgTable(
  'product_options',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('product_options_product_idx').on(t.productId, t.position, t.id)],
)

/** One value of an option (e.g. Beige linen) and what it adds to the product's price. */
export const productOptionValues = pgTable(
  'product_option_values',
  {
    id: serial('id').primaryKey(),
    optionId: integer('option_id')
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    priceDelta: numeric('price_delta', { precision: 12, scale: 2 }).notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('product_option_values_option_idx').on(t.optionId, t.position, t.id)],
)

/**
 * Each product's search document, in a narrow table of its own so that a search reads and ranks its
 * matches without dragging every matching product's whole row from disk (migration 0022): the words
 * of the name (weight A), the category's name, material and colour (B) and the description (C),
 * English and Urdu, 'simple' config. Kept by triggers on `products` and `categories`, since a
 * generated column cannot read the category; `created_at` is the product's, the ranked order's tie-break.
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    searchDocument: tsvector('search_document').notNull(),
  },
  (t) => [index('product_search_document_idx').using('gin', t.searchDocument)],
)

/**
 * The catalogue's vocabulary: every word (without digits) of the products' search documents, with the
 * number of products using it. Kept by triggers (migration 0005); a search corrects its words to these,
 * finding the candidates through the trigram index (migration 0019) rather than reading every word.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
    products: integer('products').notNull(),
  },
  (t) => [index('search_terms_term_trgm_idx').using('gin', t.term.op('gin_trgm_ops'))],
)

/**
 * How many products each category holds, in all and on sale, kept exact by triggers on `products`
 * (migration 0003). Counting 100,000 rows for every list page cost more than the page itself.
 */
export const productCounts = pgTable('product_counts', {
  categoryId: integer('category_id')
    .primaryKey()
    .references(() => categories.id, { onDelete: 'cascade' }),
  products: integer('products').notNull().default(0),
  onSale: integer('on_sale').notNull().default(0),
})

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Storage key prefix; the files are `${key}-${width}.webp` */
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The widths that were rendered, ascending */
    widths: integer('widths').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.id)],
)

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull().default(5),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_user_product_key').on(t.userId, t.productId),
    index('reviews_product_idx').on(t.productId, descending(t.createdAt)),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
)

export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
})

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /**
     * The chosen values, one per option of the product, ascending: a value names its option, so the set
     * is the whole choice. Empty for a product without options.
     */
    optionValueIds: integer('option_value_ids').array().notNull().default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (t) => [
    // One line per product and choice set.
    uniqueIndex('cart_items_line_key').on(t.cartId, t.productId, t.optionValueIds),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
)

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrderStatus>().notNull().default('Pending'),
    channel: text('channel').$type<OrderChannel>().notNull().default('web'),
    /** The staff member who took a phone, WhatsApp or showroom order; null for the web shop's */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Staff's note on a staff order */
    note: text('note').notNull().default(''),
    /**
     * What staff set on an order they took, kept apart so an edit prices it again the same way: a
     * discount after any coupon, and a delivery fee in place of the zone's (null: the zone's)
     */
    staffDiscount: numeric('staff_discount', { precision: 12, scale: 2 }).notNull().default('0'),
    staffDeliveryFee: numeric('staff_delivery_fee', { precision: 12, scale: 2 }),
    totalPrice: numeric('total_price', { precision: 12, scale: 2 }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    phone: text('phone').notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    /**
     * Kept by the payments ledger's triggers (migration 0020): confirmed payments, confirmed refunds and
     * entries waiting for staff. The payment status follows from them.
     */
    paidTotal: numeric('paid_total', { precision: 12, scale: 2 }).notNull().default('0'),
    refundedTotal: numeric('refunded_total', { precision: 12, scale: 2 }).notNull().default('0'),
    pendingPayments: integer('pending_payments').notNull().default(0),
    paymentStatus: text('payment_status')
      .$type<PaymentStatus>()
      .notNull()
      .generatedAlwaysAs(
        sql`case
          when refunded_total > 0 and refunded_total >= paid_total then 'refunded'
          when refunded_total > 0 then 'partially_refunded'
          when pending_payments > 0 and paid_total < total_price then 'proof_submitted'
          when paid_total > 0 and paid_total >= total_price then 'paid'
          when paid_total > 0 then 'partially_paid'
          else 'unpaid'
        end`,
      ),
    /** What the store's rules asked to be paid before the order is confirmed, as priced */
    advanceRequired: numeric('advance_required', { precision: 12, scale: 2 }).notNull().default('0'),
    // The quote's parts, kept as they were priced: total = subtotal - discount + delivery + COD fee
    // + assembly + carrying up floors.
    subtotal: numeric('subtotal', { precision: 12, scale: 2 }).notNull(),
    discount: numeric('discount', { precision: 12, scale: 2 }).notNull().default('0'),
    deliveryFee: numeric('delivery_fee', { precision: 12, scale: 2 }).notNull().default('0'),
    codFee: numeric('cod_fee', { precision: 12, scale: 2 }).notNull().default('0'),
    assemblyFee: numeric('assembly_fee', { precision: 12, scale: 2 }).notNull().default('0'),
    floorFee: numeric('floor_fee', { precision: 12, scale: 2 }).notNull().default('0'),
    /** The day the van brings it; null on orders closed before delivery days */
    deliveryDate: date('delivery_date', { mode: 'string' }),
    /** 0 is the ground floor */
    floor: integer('floor').notNull().default(0),
    lift: boolean('lift').notNull().default(false),
    assembly: boolean('assembly').notNull().default(false),
    /**
     * The coupon the order was priced with: it holds one of its uses while not Cancelled (null once the
     * coupon is deleted)
     */
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    etaMinDate: date('eta_min_date', { mode: 'string' }).notNull(),
    etaMaxDate: date('eta_max_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, descending(t.createdAt), descending(t.id)),
    index('orders_created_idx').on(descending(t.createdAt), descending(t.id)),
    // The staff's working lists: orders to confirm, payments to check.
    index('orders_status_idx').on(t.status, descending(t.createdAt), descending(t.id)),
    index('orders_payment_status_idx').on(t.paymentStatus, descending(t.createdAt), descending(t.id)),
    // The dispatch board: a day's orders due.
    index('orders_delivery_date_idx').on(t.deliveryDate),
    check('orders_floor_range', sql`${t.floor} between 0 and 60`),
    check(
      'orders_status_known',
      sql`${t.status} in ('Draft', 'Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled')`,
    ),
    check('orders_payment_method_known', sql`${t.paymentMethod} in ('cod', 'bank_transfer')`),
    check('orders_channel_known', sql`${t.channel} in ('web', 'phone', 'whatsapp', 'showroom')`),
    // docs/api.md: refunds never exceed what was paid (the ledger's triggers keep the sums).
    check('orders_refunds_within_payments', sql`${t.refundedTotal} <= ${t.paidTotal}`),
    check('orders_ledger_sums_positive', sql`${t.refundedTotal} >= 0 and ${t.pendingPayments} >= 0`),
    check('orders_advance_within_total', sql`${t.advanceRequired} between 0 and ${t.totalPrice}`),
    check(
      'orders_total_is_sum',
      sql`${t.totalPrice} = ${t.subtotal} - ${t.discount} + ${t.deliveryFee} + ${t.codFee} + ${t.assemblyFee} + ${t.floorFee}`,
    ),
  ],
)

/** Every status and payment change of an order, the placement first: the customer's timeline. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrderStatus>().notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull(),
    note: text('note').notNull().default(''),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
)

/**
 * The payments ledger (docs/api.md "Money on an order"): every payment and refund of an order. Only
 * confirmed entries count; the triggers of migration 0020 keep the order's sums, refuse a payment past
 * the total unless `over_total_allowed`, and refuse any change after an entry was confirmed or rejected.
 * A customer's receipt is kept here, not with the public product images: only the order's owner and
 * staff may see it.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<EntryKind>().notNull(),
    method: text('method').$type<LedgerMethod>().notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    status: text('status').$type<EntryStatus>().notNull().default('pending'),
    /** An owner or a manager took more than the total, saying why in `note` */
    overTotalAllowed: boolean('over_total_allowed').notNull().default(false),
    proofContentType: text('proof_content_type'),
    proofBytes: bytea('proof_bytes'),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    checkedBy: integer('checked_by').references(() => users.id, { onDelete: 'set null' }),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    checkNote: text('check_note').notNull().default(''),
  },
  (t) => [
    index('order_payments_order_idx').on(t.orderId, t.id),
    // Receipts to check, and money received by day for the dashboard.
    index('order_payments_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`),
    index('order_payments_checked_idx').on(t.checkedAt).where(sql`${t.status} = 'confirmed'`),
    check('order_payments_kind_known', sql`${t.kind} in ('payment', 'refund')`),
    check(
      'order_payments_method_known',
      sql`${t.method} in ('cod', 'bank_transfer', 'cash', 'card', 'wallet')`,
    ),
    check('order_payments_status_known', sql`${t.status} in ('pending', 'confirmed', 'rejected')`),
    check('order_payments_amount_positive', sql`${t.amount} > 0`),
    check('order_payments_proof_whole', sql`(${t.proofContentType} is null) = (${t.proofBytes} is null)`),
  ],
)

/**
 * Name, chosen options and unit price are snapshots: deleting a product or editing its options keeps
 * the order's history.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    /** The product's Urdu name when it was ordered; empty when it had none */
    productNameUr: text('product_name_ur').notNull().default(''),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    quantity: integer('quantity').notNull(),
    options: jsonb('options').$type<ChosenOption[]>().notNull().default([]),
    /** The chosen option values' ids, so an edit or a draft can be priced again; empty on older orders */
    optionValueIds: integer('option_value_ids').array().notNull().default(sql`'{}'`),
    /** Why staff set the price instead of the catalogue's (owner or manager); null at the catalogue's price */
    priceReason: text('price_reason'),
    /**
     * The units this line took from stock: all of them, except for a made-to-order piece ordered past
     * its stock. Cancelling gives back exactly these.
     */
    stockTaken: integer('stock_taken').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_items_stock_taken_range', sql`${t.stockTaken} between 0 and ${t.quantity}`),
  ],
)

/**
 * docs/api.md "Exactly-once order placement": an `Idempotency-Key` is claimed (inserted) first thing in
 * the order's transaction, so a racing twin on any server of the database waits on the key, then
 * finds the first answer instead of placing a second order. A refused attempt rolls its claim back;
 * only placed orders are kept. Rows older than 24 hours are spent and go when their user places again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the validated request body: the same key with another body is 409 */
    requestHash: text('request_hash').notNull(),
    /** The first answer's body, written before the claim commits: null only inside that transaction */
    response: jsonb('response').$type<Order>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
)

/** A conversation is between one customer and the store; every staff user can answer it. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When a staff member last opened the conversation: the customer's later messages are unread */
    staffReadAt: timestamp('staff_read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('conversations_activity_idx').on(descending(t.lastMessageAt), descending(t.id))],
)

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** What a Buy Now inquiry asked about: the product, the quantity and the choices made so far */
    inquiry: jsonb('inquiry').$type<InquiryDetails>(),
    createdAt: createdAt(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.createdAt, t.id)],
)

/**
 * A city the shop delivers to. Its key is the city without case or spaces, so 'lahore ' and
 * 'Lahore' are one zone (docs/api.md "Checkout for Pakistan").
 */
export const cityKey = (city: SQL | AnyPgColumn) => sql`lower(regexp_replace(${city}, '\\s', '', 'g'))`

export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: serial('id').primaryKey(),
    city: text('city').notNull(),
    fee: numeric('fee', { precision: 12, scale: 2 }).notNull(),
    freeOver: numeric('free_over', { precision: 12, scale: 2 }),
    etaMinDays: integer('eta_min_days').notNull(),
    etaMaxDays: integer('eta_max_days').notNull(),
    codAvailable: boolean('cod_available').notNull(),
    codFee: numeric('cod_fee', { precision: 12, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    uniqueIndex('delivery_zones_city_key').on(cityKey(t.city)),
    check(
      'delivery_zones_amounts',
      sql`${t.fee} >= 0 and ${t.codFee} >= 0 and coalesce(${t.freeOver}, 0) >= 0`,
    ),
    check('delivery_zones_eta', sql`${t.etaMinDays} between 0 and ${t.etaMaxDays}`),
  ],
)

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    // At most one default per user.
    uniqueIndex('addresses_one_default').on(t.userId).where(sql`${t.isDefault}`),
  ],
)

/** Coupon codes match case-insensitively; the use count can never pass the maximum, whatever races. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    value: numeric('value', { precision: 12, scale: 2 }).notNull(),
    minSubtotal: numeric('min_subtotal', { precision: 12, scale: 2 }).notNull().default('0'),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    maxUses: integer('max_uses'),
    usedCount: integer('used_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(sql`lower(${t.code})`),
    check('coupons_kind_known', sql`${t.kind} in ('percent', 'fixed')`),
    check('coupons_value_range', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check(
      'coupons_uses_within_max',
      sql`${t.usedCount} >= 0 and (${t.maxUses} is null or ${t.usedCount} <= ${t.maxUses})`,
    ),
  ],
)

/** The one account bank transfers go to (row id 1), as staff set it. */
export const bankAccount = pgTable(
  'bank_account',
  {
    id: integer('id').primaryKey().default(1),
    bankName: text('bank_name').notNull(),
    accountTitle: text('account_title').notNull(),
    accountNumber: text('account_number').notNull(),
    iban: text('iban').notNull(),
    instructions: text('instructions').notNull().default(''),
  },
  (t) => [check('bank_account_single_row', sql`${t.id} = 1`)],
)

/** Where pieces are kept: a warehouse, a showroom or a workshop, in a city (docs/api.md "Stock you can trust"). */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').$type<LocationKind>().notNull(),
    city: text('city').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('locations_name_key').on(sql`lower(${t.name})`),
    check('locations_kind_known', sql`${t.kind} in ('warehouse', 'showroom', 'workshop')`),
  ],
)

/**
 * A product's units at a location, kept by the stock ledger's trigger (migration 0021) from the
 * movements: never written directly, never below 0. The product's `stock` is their sum.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.locationId] }),
    check('stock_levels_never_negative', sql`${t.quantity} >= 0`),
  ],
)

/** Every change of stock, one row per product and location, written in the change's transaction; immutable. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    delta: integer('delta').notNull(),
    reason: text('reason').$type<MovementReason>().notNull(),
    referenceKind: text('reference_kind').$type<'order' | 'transfer'>(),
    referenceId: integer('reference_id'),
    note: text('note').notNull().default(''),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, descending(t.id)),
    index('stock_movements_location_idx').on(t.locationId, descending(t.id)),
    index('stock_movements_created_idx').on(descending(t.createdAt), descending(t.id)),
    check('stock_movements_delta_not_zero', sql`${t.delta} <> 0`),
    check(
      'stock_movements_reason_known',
      sql`${t.reason} in ('opening', 'sale', 'cancel', 'return', 'adjustment', 'transfer', 'count', 'production', 'write_off')`,
    ),
    check('stock_movements_reference_whole', sql`(${t.referenceKind} is null) = (${t.referenceId} is null)`),
  ],
)

/** Which location an order's units came from, so that a cancel puts them back there. */
export const orderStockTakes = pgTable(
  'order_stock_takes',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.productId, t.locationId] }),
    check('order_stock_takes_positive', sql`${t.quantity} > 0`),
  ],
)

/** The store's default low-stock threshold: one row, absent until staff set it. */
export const stockSettings = pgTable(
  'stock_settings',
  {
    id: integer('id').primaryKey().default(1),
    lowStockThreshold: integer('low_stock_threshold').notNull(),
  },
  (t) => [
    check('stock_settings_single_row', sql`${t.id} = 1`),
    check('stock_settings_threshold_range', sql`${t.lowStockThreshold} between 0 and 10000`),
  ],
)

/** A shopper waiting for a sold-out product: used once, when its stock goes above 0. */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('back_in_stock_waiting_key').on(t.userId, t.productId).where(sql`${t.notifiedAt} is null`),
    index('back_in_stock_product_idx').on(t.productId).where(sql`${t.notifiedAt} is null`),
  ],
)

/** The store's advance rules (docs/api.md "Money on an order"): one row, absent until staff set them. */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    id: integer('id').primaryKey().default(1),
    advancePercentMadeToOrder: integer('advance_percent_made_to_order').notNull().default(0),
    advanceOverAmount: numeric('advance_over_amount', { precision: 12, scale: 2 }),
    advanceOverPercent: integer('advance_over_percent'),
    /** Empty: cash on delivery may pay a balance wherever the zone offers it */
    codBalanceCities: text('cod_balance_cities').array().notNull().default(sql`'{}'`),
  },
  (t) => [
    check('payment_settings_single_row', sql`${t.id} = 1`),
    check('payment_settings_percent_range', sql`${t.advancePercentMadeToOrder} between 0 and 100`),
    check(
      'payment_settings_over_whole',
      sql`(${t.advanceOverAmount} is null) = (${t.advanceOverPercent} is null) and ${t.advanceOverPercent} between 0 and 100`,
    ),
  ],
)

/** A password reset link: only the SHA-256 of its token is kept; it works once, for an hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
)

/**
 * The outbox (docs/design.md): a notification is written in the transaction of the change that causes it
 * and delivered afterwards by a worker, with retries. A worker claims rows by setting `lockedUntil`
 * (a lease) with FOR UPDATE SKIP LOCKED, so several servers never send one row at the same time, and
 * a server killed mid-send leaves the row to be sent again once the lease runs out.
 */
export const notifications = pgTable(
  'notifications',
  {
    /** Stable: the mail's Message-ID and the `X-Notification-Id` header, so a receiver can drop a repeat */
    id: text('id').primaryKey(),
    /** What happened: order_placed, order_changed, payment_proof_submitted, store_reply, customer_message, password_reset */
    event: text('event').notNull(),
    channel: text('channel').notNull(),
    /** An email address (email) or a phone number (webhook) */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    /** The webhook's JSON body */
    payload: jsonb('payload'),
    /** A mail's attached paper (features/documents), rendered in this language when the mail is sent */
    attachment: jsonb('attachment').$type<{ documentId: number; language: LanguageCode }>(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('notifications_channel_known', sql`${t.channel} in ('email', 'webhook')`),
    check('notifications_status_known', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
)

/** Carrying and assembling (docs/api.md "Delivery days and dispatch"): one row, fees 0 until staff set them. */
export const deliverySettings = pgTable(
  'delivery_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Days the vans stay in besides Sundays */
    holidays: date('holidays', { mode: 'string' }).array().notNull().default(sql`'{}'`),
    /** Per floor climbed without a lift */
    floorFee: numeric('floor_fee', { precision: 12, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    check('delivery_settings_single_row', sql`${t.id} = 1`),
    check('delivery_settings_floor_fee_positive', sql`${t.floorFee} >= 0`),
  ],
)

/** Assembling one piece of a category; a category without a row assembles free. */
export const assemblyFees = pgTable(
  'assembly_fees',
  {
    categoryId: integer('category_id')
      .primaryKey()
      .references(() => categories.id, { onDelete: 'cascade' }),
    fee: numeric('fee', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [check('assembly_fees_positive', sql`${t.fee} >= 0`)],
)

/** A van's day: its driver and, in delivery_stops, the orders it takes in order. */
export const deliveryRuns = pgTable(
  'delivery_runs',
  {
    id: serial('id').primaryKey(),
    date: date('date', { mode: 'string' }).notNull(),
    vehicle: text('vehicle').notNull(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => users.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('delivery_runs_date_idx').on(t.date, t.driverId)],
)

/**
 * One order on a run. An order is on at most one stop that has not failed (a failed stop's order goes
 * back to the board); a stop leaves `planned` once, which is what makes a delivery count once.
 */
export const deliveryStops = pgTable(
  'delivery_stops',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => deliveryRuns.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    status: text('status').$type<StopStatus>().notNull().default('planned'),
    cashCollected: numeric('cash_collected', { precision: 12, scale: 2 }),
    note: text('note').notNull().default(''),
    failedReason: text('failed_reason').notNull().default(''),
    photoContentType: text('photo_content_type'),
    photoBytes: bytea('photo_bytes'),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('delivery_stops_run_idx').on(t.runId, t.position),
    uniqueIndex('delivery_stops_order_live_key').on(t.orderId).where(sql`${t.status} <> 'failed'`),
    check('delivery_stops_status_known', sql`${t.status} in ('planned', 'delivered', 'failed')`),
    check('delivery_stops_cash_positive', sql`${t.cashCollected} >= 0`),
  ],
)

/** Cash a driver handed in at the shop: what they collected at doors, less these, is still with them. */
export const cashHandIns = pgTable(
  'cash_hand_ins',
  {
    id: serial('id').primaryKey(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => users.id),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    note: text('note').notNull().default(''),
    receivedBy: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('cash_hand_ins_driver_idx').on(t.driverId, t.createdAt),
    check('cash_hand_ins_amount_positive', sql`${t.amount} > 0`),
  ],
)

/**
 * The rate limits' counts, one row per limit and key, shared by every process on PostgreSQL
 * (lib/rate-limit-store.ts); unlogged (migration 0024), since a count is worth nothing after a crash.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  windowStarted: timestamp('window_started', { withTimezone: true, mode: 'date' }).notNull(),
  hits: integer('hits').notNull(),
})

/**
 * The store's details printed on its papers (one row; features/documents). Papers snapshot them when
 * issued, so a change here reaches only papers issued after it.
 */
export const storeDetails = pgTable(
  'store_details',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    ntn: text('ntn').notNull().default(''),
    strn: text('strn').notNull().default(''),
    /** The sales tax included in every price */
    salesTaxPercent: numeric('sales_tax_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    footer: text('footer').notNull().default(''),
    /** A PNG in the media storage; kept while a paper names it */
    logoKey: text('logo_key'),
    invoiceOn: text('invoice_on').$type<InvoiceMoment>().notNull().default('confirmed'),
  },
  (t) => [
    check('store_details_single_row', sql`${t.id} = 1`),
    check('store_details_tax_range', sql`${t.salesTaxPercent} between 0 and 100`),
    check('store_details_invoice_on_known', sql`${t.invoiceOn} in ('confirmed', 'paid')`),
  ],
)

/**
 * The last number given per kind of paper and fiscal year. The issuing transaction takes its row with
 * `insert … on conflict do update … returning`, which holds the row's lock to its commit: numbers
 * follow one another on every process, and a rolled-back paper gives its number back.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    kind: text('kind').$type<DocumentKind>().notNull(),
    /** 2026-27: July 2026 to June 2027, in Asia/Karachi */
    fiscalYear: text('fiscal_year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.fiscalYear] }),
    check('document_counters_last_positive', sql`${t.last} > 0`),
  ],
)

/** One line of a paper as it stood when issued, in both languages. */
export interface StoredDocumentLine {
  name: string
  name_ur: string
  options: { option: string; value: string }[]
  quantity: number
  unit_price: string
  total: string
}

/** Who the paper is for, as the order named them when it was issued. */
export interface DocumentCustomer {
  name: string
  address: string
  city: string
  phone: string
}

/** The store's details as they were when the paper was issued. */
export interface DocumentStore {
  legal_name: string
  address: string
  phone: string
  ntn: string
  strn: string
  sales_tax_percent: string
  footer: string
  logo_key: string | null
}

/**
 * An invoice, credit note or delivery challan (docs/api.md "Papers and data"): written once, never
 * changed but for the keys of its PDFs, which are rendered from this row the first time each language
 * is asked for.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    kind: text('kind').$type<DocumentKind>().notNull(),
    fiscalYear: text('fiscal_year').notNull(),
    sequence: integer('sequence').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** A credit note's invoice */
    againstId: integer('against_id').references((): AnyPgColumn => documents.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
    lines: jsonb('lines').$type<StoredDocumentLine[]>().notNull(),
    customer: jsonb('customer').$type<DocumentCustomer>().notNull(),
    store: jsonb('store').$type<DocumentStore>().notNull(),
    taxTotal: numeric('tax_total', { precision: 12, scale: 2 }).notNull(),
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    balanceToCollect: numeric('balance_to_collect', { precision: 12, scale: 2 }),
    pdfKeyEn: text('pdf_key_en'),
    pdfKeyUr: text('pdf_key_ur'),
  },
  (t) => [
    uniqueIndex('documents_number_key').on(t.number),
    uniqueIndex('documents_sequence_key').on(t.kind, t.fiscalYear, t.sequence),
    // Exactly one invoice per order, whichever process issues it.
    uniqueIndex('documents_one_invoice_key').on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    index('documents_order_idx').on(t.orderId, t.id),
    check('documents_kind_known', sql`${t.kind} in ('invoice', 'credit_note', 'delivery_challan')`),
    check('documents_against_credit_note', sql`(${t.againstId} is not null) = (${t.kind} = 'credit_note')`),
    check(
      'documents_challan_balance',
      sql`(${t.balanceToCollect} is not null) = (${t.kind} = 'delivery_challan')`,
    ),
  ],
)

/** The store's returns policy and cancellation fee (docs/api.md "Returns, exchanges and damage claims"): one row, absent until staff set it. */
export const claimSettings = pgTable(
  'claim_settings',
  {
    id: integer('id').primaryKey().default(1),
    damageHours: integer('damage_hours').notNull().default(48),
    exchangeDays: integer('exchange_days').notNull().default(7),
    changedMind: boolean('changed_mind').notNull().default(false),
    madeToOrderReturnable: boolean('made_to_order_returnable').notNull().default(false),
    cancellationFeePercent: integer('cancellation_fee_percent').notNull().default(15),
  },
  (t) => [
    check('claim_settings_single_row', sql`${t.id} = 1`),
    check(
      'claim_settings_ranges',
      sql`${t.damageHours} between 0 and 8760 and ${t.exchangeDays} between 0 and 365 and ${t.cancellationFeePercent} between 0 and 100`,
    ),
  ],
)

/** A customer's return, exchange or damage claim on a delivered order. */
export const claims = pgTable(
  'claims',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<ClaimStatus>().notNull().default('requested'),
    reason: text('reason').$type<ClaimReason>().notNull(),
    description: text('description').notNull(),
    wanted: text('wanted').$type<ClaimWanted>().notNull(),
    pickupDate: date('pickup_date', { mode: 'string' }),
    /** Set once, when resolved */
    resolutionKind: text('resolution_kind').$type<ResolutionKind>(),
    refundAmount: numeric('refund_amount', { precision: 12, scale: 2 }),
    replacementOrderId: integer('replacement_order_id').references(() => orders.id, { onDelete: 'set null' }),
    restock: jsonb('restock').$type<RestockLine[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    // The staff queue, oldest first, by status; a customer's own, newest first.
    index('claims_status_idx').on(t.status, t.createdAt, t.id),
    index('claims_order_idx').on(t.orderId),
    index('claims_user_idx').on(t.userId, descending(t.createdAt), descending(t.id)),
    check(
      'claims_status_known',
      sql`${t.status} in ('requested', 'approved', 'rejected', 'pickup_scheduled', 'received', 'resolved')`,
    ),
    check('claims_reason_known', sql`${t.reason} in ('damaged', 'wrong_item', 'defect', 'changed_mind')`),
    check('claims_wanted_known', sql`${t.wanted} in ('replace', 'repair', 'refund')`),
    check(
      'claims_resolved_whole',
      sql`(${t.resolutionKind} is null) = (${t.status} <> 'resolved') and ${t.resolutionKind} in ('replace', 'repair', 'refund', 'none')`,
    ),
  ],
)

/** The items and quantities a claim is about. */
export const claimLines = pgTable(
  'claim_lines',
  {
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.claimId, t.orderItemId] }),
    index('claim_lines_item_idx').on(t.orderItemId),
    check('claim_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
)

/**
 * A claim's photos and video, kept privately in the media storage under `claims/<uuid>` (never served
 * by /media/): only the claim's owner and staff read them, by a signed address.
 */
export const claimEvidence = pgTable(
  'claim_evidence',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'image' | 'video'>().notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
  },
  (t) => [
    index('claim_evidence_claim_idx').on(t.claimId, t.id),
    check('claim_evidence_kind_known', sql`${t.kind} in ('image', 'video')`),
  ],
)

/** Every step of a claim, the request first: its timeline. */
export const claimEvents = pgTable(
  'claim_events',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    status: text('status').$type<ClaimStatus>().notNull(),
    note: text('note').notNull().default(''),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('claim_events_claim_idx').on(t.claimId, t.id)],
)

/** A customer's request to cancel a confirmed order, which staff approve or refuse. */
export const cancellationRequests = pgTable(
  'cancellation_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<CancellationRequestStatus>().notNull().default('pending'),
    note: text('note').notNull().default(''),
    feePercent: integer('fee_percent').notNull(),
    fee: numeric('fee', { precision: 12, scale: 2 }).notNull(),
    refund: numeric('refund', { precision: 12, scale: 2 }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decisionNote: text('decision_note').notNull().default(''),
  },
  (t) => [
    index('cancellation_requests_order_idx').on(t.orderId, t.id),
    // One request waiting per order, whichever process takes the second.
    uniqueIndex('cancellation_requests_one_pending_key').on(t.orderId).where(sql`${t.status} = 'pending'`),
    check('cancellation_requests_status_known', sql`${t.status} in ('pending', 'approved', 'refused')`),
    check('cancellation_requests_amounts', sql`${t.fee} >= 0 and ${t.refund} >= 0`),
  ],
)
