import { paths } from '@store/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { answer, customer, renderApp, reply, serveApi, staff } from '../test/app'
import { order, orderDocument } from '../test/fixtures'
import { readInUrdu } from '../test/urdu-reader'

const invoice = orderDocument()
const creditNote = orderDocument({
  id: 502,
  kind: 'credit_note',
  number: 'CN-2025-26-000002',
  against: 'INV-2025-26-000007',
  issued_at: '2026-03-04T10:00:00.000Z',
  total: '5000.00',
})
const challan = orderDocument({
  id: 503,
  kind: 'delivery_challan',
  number: 'DC-2025-26-000003',
  issued_at: '2026-03-05T10:00:00.000Z',
  balance_to_collect: '20000.00',
})

/** The files the page handed the browser to save, by name. */
let saved: { name: string; url: string }[] = []

beforeEach(() => {
  saved = []
  URL.createObjectURL = vi.fn(() => 'blob:paper')
  URL.revokeObjectURL = vi.fn()
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, url: this.href })
  })
})
afterEach(() => vi.restoreAllMocks())

describe('an order’s documents', () => {
  it('lists the customer’s papers with their totals, the challan’s balance, and downloads the PDF', async () => {
    const api = serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, order({ status: 'Shipped' })),
      answer(paths.documents.listOrderDocuments, [invoice, creditNote, challan]),
      answer(paths.documents.getDocumentPdf, reply(200, '%PDF-1.7')),
    ])
    const user = userEvent.setup({ delay: null })
    renderApp('/orders/41', { user: customer })

    const documents = await screen.findByRole('region', { name: 'Documents' })
    const papers = await within(documents).findAllByRole('listitem')
    expect(papers.map((paper) => paper.textContent)).toEqual([
      expect.stringMatching(/^Invoice INV-2025-26-000007.*2026TotalPKR 25,000\.00Download/),
      expect.stringMatching(
        /^Credit note CN-2025-26-000002.* · against INV-2025-26-000007TotalPKR 5,000\.00/,
      ),
      expect.stringMatching(
        /^Delivery challan DC-2025-26-000003.*TotalPKR 25,000\.00To collect on deliveryPKR 20,000\.00/,
      ),
    ])
    expect(api.callsTo(paths.documents.listOrderDocuments)[0]?.params).toEqual({ id: '41' })

    const link = within(documents).getByRole('link', { name: 'Download Invoice INV-2025-26-000007 PDF' })
    expect(link).toHaveAttribute('href', '/api/orders/41/documents/501/pdf/')
    await user.click(link)

    await waitFor(() => expect(saved).toEqual([{ name: 'INV-2025-26-000007.pdf', url: 'blob:paper' }]))
    expect(api.callsTo(paths.documents.getDocumentPdf)[0]?.params).toEqual({ id: '41', documentId: '501' })
    // The PDF is asked for with the customer's token, which a followed link would not carry.
    expect(api.callsTo(paths.documents.getDocumentPdf)[0]?.headers.get('authorization')).toMatch(/^Bearer /)
    const file = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob
    expect(await file.text()).toContain('%PDF-1.7')
  })

  it('says when the invoice comes while there is none', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, order()),
      answer(paths.documents.listOrderDocuments, []),
    ])
    renderApp('/orders/41', { user: customer })
    expect(
      await screen.findByText('No documents yet. The invoice is issued once the order is confirmed or paid.'),
    ).toBeInTheDocument()
  })

  it('says that a cancelled order without papers has none', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, order({ status: 'Cancelled' })),
      answer(paths.documents.listOrderDocuments, []),
    ])
    renderApp('/orders/41', { user: customer })
    expect(await screen.findByText('No documents were issued for this order.')).toBeInTheDocument()
  })

  it('shows that the papers are loading, and a list that could not be loaded', async () => {
    let answerList: (() => void) | undefined
    let failing = false
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, order()),
      // The first answer waits until the test has seen the loading state; the retry fails at once.
      answer(paths.documents.listOrderDocuments, () =>
        failing
          ? reply(500, { detail: 'Something went wrong.' })
          : new Promise((resolve) => {
              answerList = () => {
                failing = true
                resolve(reply(500, { detail: 'Something went wrong.' }))
              }
            }),
      ),
    ])
    renderApp('/orders/41', { user: customer })
    const documents = await screen.findByRole('region', { name: 'Documents' })
    expect(within(documents).getByRole('status')).toHaveTextContent('Loading the documents…')
    await waitFor(() => expect(answerList).toBeDefined())
    answerList?.()
    expect(await within(documents).findByRole('alert')).toHaveTextContent('Could not load the documents.')
  })

  it('says why a download failed, and nothing is saved', async () => {
    serveApi([
      answer(paths.auth.profile, customer),
      answer(paths.orders.getOrder, order({ status: 'Processing' })),
      answer(paths.documents.listOrderDocuments, [invoice]),
      answer(paths.documents.getDocumentPdf, reply(503, { detail: 'The store is busy. Try again shortly.' })),
    ])
    const user = userEvent.setup({ delay: null })
    renderApp('/orders/41', { user: customer })

    await user.click(await screen.findByRole('link', { name: 'Download Invoice INV-2025-26-000007 PDF' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The store is busy. Try again shortly.')
    expect(saved).toEqual([])
  })

  it('shows staff the same papers on the back office’s order', async () => {
    const api = serveApi([
      answer(paths.auth.profile, staff),
      answer(paths.orders.getOrder, order({ status: 'Processing' })),
      answer(paths.documents.listOrderDocuments, [invoice]),
      answer(paths.documents.getDocumentPdf, reply(200, '%PDF-1.7')),
    ])
    const user = userEvent.setup({ delay: null })
    renderApp('/adminuser/orders/41', { user: staff })

    const documents = await screen.findByRole('region', { name: 'Documents' })
    await user.click(
      await within(documents).findByRole('link', { name: 'Download Invoice INV-2025-26-000007 PDF' }),
    )
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['INV-2025-26-000007.pdf']))
    expect(api.callsTo(paths.documents.getDocumentPdf)).toHaveLength(1)
  })

  it('reads in Urdu', async () => {
    serveApi([
      answer(paths.auth.profile, { ...customer, language: 'ur' }),
      answer(paths.orders.getOrder, order({ status: 'Shipped' })),
      answer(paths.documents.listOrderDocuments, [invoice, challan]),
    ])
    await readInUrdu()
    renderApp('/orders/41', { user: { ...customer, language: 'ur' } })

    const documents = await screen.findByRole('region', { name: 'دستاویزات' })
    const [invoiceItem, challanItem] = await within(documents).findAllByRole('listitem')
    expect(invoiceItem).toHaveTextContent(/^انوائس INV-2025-26-000007/)
    expect(
      within(invoiceItem as HTMLElement).getByRole('link', {
        name: 'انوائس INV-2025-26-000007 کی PDF ڈاؤن لوڈ کریں',
      }),
    ).toBeInTheDocument()
    expect(challanItem).toHaveTextContent(/ڈیلیوری پر وصول کرنا ہے\s*PKR 20,000\.00/)
  })
})
