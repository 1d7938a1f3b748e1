import type { PlaceOrderBody } from '@store/contract'
import type { z } from 'zod'

/** The checkout form's values as typed, before the contract's defaults fill the floor, lift and assembly. */
export type CheckoutValues = z.input<typeof PlaceOrderBody>
