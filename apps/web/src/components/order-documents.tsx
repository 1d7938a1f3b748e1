import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { DocumentKind, OrderDocument } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { type MouseEvent, useState } from 'react'
import Spinner from 'react-bootstrap/Spinner'
import { documentPdf, orderDocumentsQuery } from '../data/documents'
import { serverDetail } from '../lib/api'
import { formatDate } from '../lib/format'
import { translatedLabels } from '../lib/i18n'
import { Price } from './price'

export const DOCUMENT_KIND_LABELS = translatedLabels<DocumentKind>({
  invoice: msg`Invoice`,
  credit_note: msg`Credit note`,
  delivery_challan: msg`Delivery challan`,
})

/** Hands the browser a fetched file to save under `name`, as a link with `download` would. */
function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has taken the file once the click is handled; the URL may go after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * The paper's PDF. It is a real link to `pdf_url` (keyboard, screen readers, "copy link"), but the PDF
 * needs the Bearer header, which a followed link does not send: a click fetches it with the header and
 * saves it under the paper's number.
 */
function DownloadLink({ paper }: { paper: OrderDocument }) {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string>()
  const kind = DOCUMENT_KIND_LABELS[paper.kind]
  const { number } = paper
  const fileName = `${number}.pdf`

  const download = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setFailure(undefined)
    documentPdf(paper)
      .then((file) => saveFile(file, fileName))
      .catch((error: unknown) =>
        setFailure(serverDetail(error) ?? t`Could not download ${number}. Try again.`),
      )
      .finally(() => setBusy(false))
  }

  return (
    <span className="d-inline-flex flex-column align-items-end gap-1">
      <a href={paper.pdf_url} download={fileName} onClick={download} aria-busy={busy} className="text-nowrap">
        {busy && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
        {/* Seen as "Download PDF" beside the paper; heard with the paper's kind and number. */}
        <Trans>
          Download{' '}
          <span className="visually-hidden">
            {kind} <bdi>{number}</bdi>
          </span>{' '}
          PDF
        </Trans>
      </a>
      {failure && (
        <span className="small text-danger" role="alert">
          {failure}
        </span>
      )}
    </span>
  )
}

function DocumentItem({ paper }: { paper: OrderDocument }) {
  const issued = formatDate(paper.issued_at)
  const against = paper.against
  return (
    <li className="order-document">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
        <div>
          <div className="fw-medium">
            {DOCUMENT_KIND_LABELS[paper.kind]}{' '}
            {/* A number reads whole: the link goes under it rather than the number breaking. */}
            <bdi dir="ltr" className="text-nowrap">
              {paper.number}
            </bdi>
          </div>
          <div className="small text-muted">
            <time dateTime={paper.issued_at}>{issued}</time>
            {against && (
              <>
                {' · '}
                <Trans>
                  against <bdi dir="ltr">{against}</bdi>
                </Trans>
              </>
            )}
          </div>
          <dl className="order-document-amounts small mb-0">
            <dt>
              <Trans>Total</Trans>
            </dt>
            <dd>
              <Price amount={paper.total} exact />
            </dd>
            {paper.balance_to_collect !== null && (
              <>
                <dt>
                  <Trans>To collect on delivery</Trans>
                </dt>
                <dd>
                  <Price amount={paper.balance_to_collect} exact className="fw-semibold" />
                </dd>
              </>
            )}
          </dl>
        </div>
        <DownloadLink paper={paper} />
      </div>
    </li>
  )
}

/**
 * An order's papers with their PDFs, on the customer's order page and the back office's alike. An order
 * without any says when its invoice comes.
 */
export function OrderDocuments({ orderId, cancelled }: { orderId: number; cancelled: boolean }) {
  const { t } = useLingui()
  const documents = useQuery(orderDocumentsQuery(orderId))
  return (
    <section className="card" aria-labelledby="documents-heading">
      <div className="card-body">
        <h2 id="documents-heading" className="h5">
          <Trans>Documents</Trans>
        </h2>
        {documents.isPending ? (
          <p className="small text-muted mb-0" role="status">
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            {t`Loading the documents…`}
          </p>
        ) : documents.isError ? (
          <p className="text-danger mb-0" role="alert">
            <Trans>Could not load the documents.</Trans>
          </p>
        ) : documents.data.length === 0 ? (
          <p className="text-muted mb-0">
            {cancelled ? (
              <Trans>No documents were issued for this order.</Trans>
            ) : (
              <Trans>No documents yet. The invoice is issued once the order is confirmed or paid.</Trans>
            )}
          </p>
        ) : (
          <ul className="order-documents list-unstyled mb-0">
            {documents.data.map((paper) => (
              <DocumentItem key={paper.id} paper={paper} />
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
