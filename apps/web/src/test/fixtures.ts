import {
  type Address,
  type AuditEntry,
  type Cart,
  type ChosenOption,
  type DeliveryZone,
  type DispatchOrder,
  type Order,
  type OrderDocument,
  type PaymentEntry,
  type Person,
  type Product,
  type ProductDetail,
  type Review,
  type Run,
  type Stop,
  toPaisa,
} from '@store/contract'

export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    sku: 'CL-000001',
    name: 'Walnut Sofa',
    description: 'Three seats in solid walnut.',
    name_ur: '',
    description_ur: '',
    price: '125000.00',
    stock: 4,
    category: 'Sofas',
    is_featured: false,
    is_on_sale: false,
    average_rating: 0,
    review_count: 0,
    images: [],
    created_at: '2026-01-01T00:00:00.000Z',
    category_id: 3,
    options: [],
    dimensions: null,
    weight_kg: null,
    material: null,
    colour: null,
    lead_time_days: 0,
    advance_percent: null,
    low_stock_threshold: null,
    ...overrides,
  }
}

export function productDetail(reviews: Review[] = [], overrides: Partial<Product> = {}): ProductDetail {
  return { ...product(overrides), reviews, review_count: reviews.length }
}

export function review(overrides: Partial<Review> = {}): Review {
  return {
    id: 1,
    rating: 4,
    comment: 'Sturdy and comfortable.',
    created_at: '2026-02-01T10:00:00.000Z',
    user: { id: 99, first_name: 'Bilal' },
    ...overrides,
  }
}

export function cart(
  lines: {
    id: number
    quantity: number
    price: string
    name: string
    stock?: number
    productId?: number
    unitPrice?: string
    options?: ChosenOption[]
    leadTimeDays?: number
  }[],
): Cart {
  const items = lines.map((line, index) => ({
    id: line.id,
    quantity: line.quantity,
    options: line.options ?? [],
    unit_price: line.unitPrice ?? line.price,
    product: {
      id: line.productId ?? index + 1,
      name: line.name,
      price: line.price,
      stock: line.stock ?? 10,
      lead_time_days: line.leadTimeDays ?? 0,
      main_image_url: null,
    },
  }))
  const paisa = items.reduce((sum, item) => sum + toPaisa(item.unit_price) * item.quantity, 0)
  return {
    items,
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal: (paisa / 100).toFixed(2),
  }
}

/** Order 41's invoice, as the server lists it. */
export function orderDocument(overrides: Partial<OrderDocument> = {}): OrderDocument {
  const id = overrides.id ?? 501
  const orderId = overrides.order_id ?? 41
  return {
    id,
    number: 'INV-2025-26-000007',
    kind: 'invoice',
    order_id: orderId,
    against: null,
    issued_at: '2026-03-02T10:00:00.000Z',
    lines: [
      {
        name: 'Walnut Coffee Table',
        options: [{ option: 'Finish', value: 'Natural' }],
        quantity: 1,
        unit_price: '25000.00',
        total: '25000.00',
      },
    ],
    tax_total: '3448.28',
    total: '25000.00',
    balance_to_collect: null,
    pdf_url: `/api/orders/${orderId}/documents/${id}/pdf/`,
    ...overrides,
  }
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 41,
    created_at: '2026-03-01T09:30:00.000Z',
    status: 'Pending',
    channel: 'web',
    created_by: null,
    note: '',
    staff_discount: '0.00',
    staff_delivery_fee: null,
    cancellation_request: null,
    total_price: '25000.00',
    first_name: 'Amna',
    last_name: 'Khan',
    email: 'amna@example.com',
    address: '12 Canal Road',
    city: 'Lahore',
    postal_code: '54000',
    phone: '03001234567',
    payment_method: 'cod',
    payment_status: 'unpaid',
    subtotal: '25000.00',
    discount: '0.00',
    delivery_fee: '0.00',
    cod_fee: '0.00',
    services: [],
    coupon_code: null,
    eta_min_date: '2026-03-03',
    eta_max_date: '2026-03-05',
    delivery_date: null,
    floor: 0,
    lift: false,
    assembly: false,
    payment_proof_url: null,
    amount_paid: '0.00',
    amount_refunded: '0.00',
    balance_due: '25000.00',
    advance_due: '0.00',
    payments: [],
    history: [
      {
        status: 'Pending',
        payment_status: 'unpaid',
        at: '2026-03-01T09:30:00.000Z',
        by: { id: 7, first_name: 'Amna' },
        note: '',
      },
    ],
    items: [
      {
        id: 1,
        quantity: 2,
        price: '12500.00',
        options: [],
        price_reason: null,
        product: { id: 1, name: 'Oak Side Table', images: [] },
      },
    ],
    ...overrides,
  }
}

export function paymentEntry(overrides: Partial<PaymentEntry> = {}): PaymentEntry {
  return {
    id: 301,
    kind: 'payment',
    method: 'bank_transfer',
    amount: '12500.00',
    reference: 'TRX-55120',
    note: '',
    status: 'pending',
    proof: null,
    recorded_by: { id: 5, first_name: 'Amna' },
    at: '2026-03-01T10:00:00.000Z',
    checked_by: null,
    checked_at: null,
    check_note: '',
    ...overrides,
  }
}

export function deliveryZone(overrides: Partial<DeliveryZone> = {}): DeliveryZone {
  return {
    id: 1,
    city: 'Lahore',
    fee: '1500.00',
    free_over: '100000.00',
    eta_min_days: 2,
    eta_max_days: 4,
    cod_available: true,
    cod_fee: '200.00',
    ...overrides,
  }
}

export function savedAddress(overrides: Partial<Address> = {}): Address {
  return {
    id: 3,
    label: 'Home',
    first_name: 'Amna',
    last_name: 'Khan',
    phone: '03001234567',
    address: '12 Canal Road',
    city: 'Lahore',
    postal_code: '54000',
    is_default: true,
    ...overrides,
  }
}

export function person(overrides: Partial<Person> = {}): Person {
  return {
    id: 5,
    email: 'amna@example.com',
    first_name: 'Amna',
    last_name: 'Khan',
    is_staff: false,
    role: 'customer',
    two_factor_enabled: false,
    phone: null,
    notify_email: true,
    language: 'en',
    is_active: true,
    date_joined: '2026-02-10T08:00:00.000Z',
    order_count: 3,
    conversation_id: 12,
    ...overrides,
  }
}

export function auditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 900,
    at: '2026-03-02T11:15:30.000Z',
    actor: { id: 1, email: 'sana@example.com' },
    ip: '203.0.113.7',
    action: 'product.update',
    entity: 'product',
    entity_id: 7,
    before: { price: '125000.00' },
    after: { price: '119000.00' },
    ...overrides,
  }
}

export function dispatchOrder(overrides: Partial<DispatchOrder> = {}): DispatchOrder {
  return {
    id: 41,
    status: 'Processing',
    first_name: 'Amna',
    last_name: 'Khan',
    phone: '03001234567',
    address: '12 Canal Road',
    city: 'Lahore',
    delivery_date: '2026-11-30',
    floor: 3,
    lift: false,
    assembly: true,
    payment_method: 'cod',
    balance_due: '52000.00',
    items: [{ name: 'Oak Wardrobe', quantity: 1, options: [{ name: 'Finish', value: 'Walnut' }] }],
    ...overrides,
  }
}

export function stop(overrides: Partial<Stop> = {}): Stop {
  return {
    id: 5,
    position: 1,
    status: 'planned',
    order: dispatchOrder(),
    cash_collected: null,
    note: '',
    failed_reason: '',
    photo_url: null,
    done_at: null,
    ...overrides,
  }
}

export function run(overrides: Partial<Run> = {}): Run {
  return {
    id: 3,
    date: '2026-11-30',
    vehicle: 'LEA-1234',
    driver: { id: 9, first_name: 'Bilal', last_name: 'Ahmed' },
    stops: [stop()],
    created_at: '2026-11-29T10:00:00.000Z',
    ...overrides,
  }
}
