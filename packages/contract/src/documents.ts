import { z } from 'zod'
import { Id, Money, multilineText, type RouteSpec, Timestamp, text } from './common'
import { paths } from './paths'

/** docs/api.md "Papers and data": the store's details printed on its papers, and the papers of an order. */
export const INVOICE_MOMENTS = ['confirmed', 'paid'] as const
export const InvoiceMoment = z.enum(INVOICE_MOMENTS, {
  error: 'Choose when an order is confirmed or when it is paid.',
})
export type InvoiceMoment = z.infer<typeof InvoiceMoment>

export const StoreDetails = z.object({
  legal_name: z.string(),
  address: z.string(),
  phone: z.string(),
  /** National Tax Number and Sales Tax Registration Number, as FBR issued them; empty: not registered */
  ntn: z.string(),
  strn: z.string(),
  /** The sales tax already included in every price, in percent with up to two decimals */
  sales_tax_percent: z.string(),
  footer: z.string(),
  logo_url: z.string().nullable(),
  /** When an order's invoice is issued */
  invoice_on: InvoiceMoment,
})
export type StoreDetails = z.infer<typeof StoreDetails>

const line = (label: string, max: number) =>
  text({ error: `${label} is text.` })
    .trim()
    .max(max, `${label} is at most ${max} characters.`)

export const StoreDetailsBody = z.strictObject({
  legal_name: line('The legal name', 200).min(1, 'Enter the legal name.'),
  address: multilineText({ error: 'The address is text.' })
    .trim()
    .min(1, 'Enter the address.')
    .max(500, 'The address is at most 500 characters.'),
  phone: line('The phone', 50).min(1, 'Enter the phone.'),
  ntn: line('The NTN', 20).default(''),
  strn: line('The STRN', 20).default(''),
  sales_tax_percent: z
    .union([text(), z.number()], { error: 'The sales tax is a percent from 0 to 100.' })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .regex(/^\d{1,3}(\.\d{1,2})?$/, 'The sales tax is a percent from 0 to 100.')
        .refine((value) => Number(value) <= 100, 'The sales tax is a percent from 0 to 100.'),
    ),
  footer: multilineText({ error: 'The footer is text.' })
    .trim()
    .max(500, 'The footer is at most 500 characters.')
    .default(''),
  invoice_on: InvoiceMoment.default('confirmed'),
})
export type StoreDetailsBody = z.input<typeof StoreDetailsBody>

export const DOCUMENT_KINDS = ['invoice', 'credit_note', 'delivery_challan'] as const
export const DocumentKind = z.enum(DOCUMENT_KINDS)
export type DocumentKind = z.infer<typeof DocumentKind>

/** One line as it stood when the paper was issued; a later price or name change does not reach it. */
export const DocumentLine = z.object({
  name: z.string(),
  /** The chosen options, e.g. "Fabric: Charcoal bouclé" */
  options: z.array(z.object({ option: z.string(), value: z.string() })),
  quantity: z.number().int(),
  unit_price: Money,
  total: Money,
})
export type DocumentLine = z.infer<typeof DocumentLine>

export const OrderDocument = z.object({
  id: z.number().int(),
  /** INV-2026-27-000001, CN-2026-27-000001, DC-2026-27-000001: per kind and Pakistani fiscal year (July–June) */
  number: z.string(),
  kind: DocumentKind,
  order_id: z.number().int(),
  /** A credit note's invoice number; null otherwise */
  against: z.string().nullable(),
  issued_at: Timestamp,
  lines: z.array(DocumentLine),
  /** The sales tax included in the total */
  tax_total: Money,
  total: Money,
  /** A delivery challan's balance to collect at the door; null on the other papers */
  balance_to_collect: Money.nullable(),
  /** The PDF in the reader's language, the same bytes on every download */
  pdf_url: z.string(),
})
export type OrderDocument = z.infer<typeof OrderDocument>

const DocumentParams = z.strictObject({ id: Id, documentId: Id })

export const documentsRoutes = {
  getStoreDetails: {
    ...paths.documents.getStoreDetails,
    access: { staff: 'settings' },
    summary: "The store's details printed on invoices, credit notes and delivery challans",
    status: 200,
    response: StoreDetails,
  },
  updateStoreDetails: {
    ...paths.documents.updateStoreDetails,
    access: { staff: 'settings' },
    summary:
      "Set the store's details for its papers; papers already issued keep the details they were issued with",
    body: StoreDetailsBody,
    status: 200,
    response: StoreDetails,
  },
  uploadStoreLogo: {
    ...paths.documents.uploadStoreLogo,
    access: { staff: 'settings' },
    summary: 'Replace the logo printed on the papers (multipart: one image as `logo`)',
    multipart: true,
    status: 200,
    response: StoreDetails,
  },
  deleteStoreLogo: {
    ...paths.documents.deleteStoreLogo,
    access: { staff: 'settings' },
    summary: 'Print the papers without a logo',
    status: 200,
    response: StoreDetails,
  },
  listOrderDocuments: {
    ...paths.documents.listOrderDocuments,
    access: 'user',
    staffSeesAll: 'orders',
    summary:
      "An order's invoice, credit notes and delivery challans, oldest first (its owner or staff; 404 for anyone else)",
    params: z.strictObject({ id: Id }),
    status: 200,
    response: z.array(OrderDocument),
  },
  getDocumentPdf: {
    ...paths.documents.getDocumentPdf,
    access: 'user',
    staffSeesAll: 'orders',
    summary: "One paper as PDF in the reader's language (its order's owner or staff; 404 for anyone else)",
    params: DocumentParams,
    status: 200,
    response: null,
  },
} as const satisfies Record<string, RouteSpec>
