import { inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import {
  assemblyFees,
  bankAccount,
  categories,
  coupons,
  deliverySettings,
  deliveryZones,
  storeDetails,
} from '../db/schema'

type Zone = [
  city: string,
  fee: string,
  freeOver: string | null,
  etaMinDays: number,
  etaMaxDays: number,
  codFee: string | null,
]

/**
 * Where the demo shop delivers from Lahore: near cities cheap and quick, far ones dear and slow, free
 * delivery from a threshold that grows with the distance. A null COD fee: no cash on delivery there
 * (Quetta's couriers do not collect cash for furniture).
 */
const zones: Zone[] = [
  ['Lahore', '1000.00', '75000.00', 1, 3, '0.00'],
  ['Sialkot', '2500.00', '100000.00', 2, 4, '250.00'],
  ['Faisalabad', '2000.00', '100000.00', 2, 4, '250.00'],
  ['Multan', '3000.00', '125000.00', 3, 6, '300.00'],
  ['Islamabad', '3500.00', '150000.00', 3, 5, '300.00'],
  ['Rawalpindi', '3500.00', '150000.00', 3, 5, '300.00'],
  ['Peshawar', '4500.00', '200000.00', 4, 7, '500.00'],
  ['Karachi', '4500.00', '200000.00', 5, 8, '500.00'],
  ['Hyderabad', '4500.00', '200000.00', 5, 8, '500.00'],
  ['Quetta', '7500.00', null, 7, 12, null],
]

/** What putting one piece together costs in the departments whose pieces come flat. */
const ASSEMBLY_FEES: Record<string, string> = {
  Beds: '2500.00',
  Dining: '2000.00',
  Storage: '3000.00',
  Tables: '1000.00',
}

/**
 * The demo shop's checkout settings: delivery zones, its bank account, two coupons, the delivery
 * services, and the details its invoices print (before the demo's orders are confirmed and invoiced).
 */
export async function seedCheckout(db: Db): Promise<void> {
  await db.insert(deliveryZones).values(
    zones.map(([city, fee, freeOver, etaMinDays, etaMaxDays, codFee]) => ({
      city,
      fee,
      freeOver,
      etaMinDays,
      etaMaxDays,
      codAvailable: codFee !== null,
      codFee: codFee ?? '0.00',
    })),
  )
  await db.insert(bankAccount).values({
    bankName: 'Meezan Bank',
    accountTitle: 'Comfort Furniture (Pvt) Ltd',
    accountNumber: '0101-0104567890',
    iban: 'PK36MEZN0001010104567890',
    instructions:
      'Write your order number as the reference of the transfer, then upload a photo of the receipt on your order page.',
  })
  await db.insert(storeDetails).values({
    legalName: 'Comfort Furniture (Pvt) Ltd',
    address: '112-C Main Boulevard, Gulberg III\nLahore 54660',
    phone: '042 3578 1122',
    ntn: '4271936-5',
    strn: '3277876154321',
    // Pakistan's standard rate of sales tax on goods, inside every price.
    salesTaxPercent: '18',
    footer:
      'Thank you for shopping with Comfort Living. Goods are exchanged within 7 days of delivery in their original condition. Queries: orders@comfortliving.pk',
    invoiceOn: 'confirmed',
  })
  await db.insert(coupons).values([
    { code: 'WELCOME10', kind: 'percent', value: '10.00', maxUses: 500 },
    { code: 'FLAT5000', kind: 'fixed', value: '5000.00', minSubtotal: '50000.00', maxUses: 100 },
  ])
  await db.update(deliverySettings).set({ floorFee: '500.00' })
  const departments = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(inArray(categories.name, Object.keys(ASSEMBLY_FEES)))
  if (departments.length === 0) return
  await db
    .insert(assemblyFees)
    .values(departments.map(({ id, name }) => ({ categoryId: id, fee: ASSEMBLY_FEES[name] ?? '0.00' })))
}
