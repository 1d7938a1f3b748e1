import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { ImportResult } from '@store/contract'
import { useId, useState } from 'react'
import { Alert, Button, Form, Modal, Spinner, Table } from 'react-bootstrap'
import { FormRefusal } from '../../../components/form-refusal'
import { downloadCsv, useImportProducts } from '../../../data/data-transfer'
import { serverDetail } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { DownloadButton } from '../common/download-button'

const Busy = () => <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />

/** What a checked file would do, or the problems to fix first, one row each. */
function CheckOutcome({ result }: { result: ImportResult }) {
  const { t } = useLingui()
  const { created, updated, errors } = result
  if (errors.length === 0) {
    return (
      <Alert variant="success" className="mb-0" role="status">
        <Trans>
          No problems found: <Plural value={created} one="# new product" other="# new products" />,{' '}
          <Plural value={updated} one="# product changed" other="# products changed" />.
        </Trans>
      </Alert>
    )
  }
  const count = errors.length
  return (
    <div>
      <Alert variant="danger" className="mb-2" role="alert">
        <Plural
          value={count}
          one="The file has # problem. Fix it and check the file again; nothing was imported."
          other="The file has # problems. Fix them and check the file again; nothing was imported."
        />
      </Alert>
      <Table size="sm" bordered responsive className="mb-0 bg-white" aria-label={t`Problems in the file`}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Row</Trans>
            </th>
            <th scope="col">
              <Trans>Column</Trans>
            </th>
            <th scope="col">
              <Trans>Problem</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {errors.map((problem) => (
            <tr key={`${problem.row}-${problem.column}-${problem.message}`}>
              <td>{problem.row}</td>
              <td>
                <bdi>{problem.column}</bdi>
              </td>
              <td dir="auto">{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  )
}

/**
 * Loads products from a CSV file: the file is checked first (a dry run listing every problem with its
 * row and column), and only a file that checked clean can be imported, all of it at once.
 */
function ImportDialog({ show, onHide }: { show: boolean; onHide(): void }) {
  const { t } = useLingui()
  const titleId = useId()
  const fileId = useId()
  const [file, setFile] = useState<File | null>(null)
  const [checked, setChecked] = useState<ImportResult | null>(null)
  const [refusal, setRefusal] = useState<string>()
  const importing = useImportProducts()

  const reset = () => {
    setFile(null)
    setChecked(null)
    setRefusal(undefined)
    importing.reset()
  }
  const close = () => {
    reset()
    onHide()
  }
  const run = (dryRun: boolean) => {
    if (!file) return
    setRefusal(undefined)
    importing.mutate(
      { file, dryRun },
      {
        onSuccess: (result) => {
          if (dryRun || result.errors.length > 0) {
            setChecked(result)
            return
          }
          const { created, updated } = result
          toast.success(t`Import finished: ${created} new, ${updated} changed.`)
          close()
        },
        onError: (error) => {
          setChecked(null)
          setRefusal(
            serverDetail(error) ??
              t`The file could not be sent. If you changed it after choosing it, choose it again; else try again.`,
          )
        },
      },
    )
  }
  const ready = checked !== null && checked.errors.length === 0 && checked.created + checked.updated > 0

  return (
    <Modal show={show} onHide={close} centered size="lg" aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          <Trans>Import products from CSV</Trans>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="d-grid gap-3">
        <p className="mb-0 small text-body-secondary">
          <Trans>
            Use the file Export CSV gives: products are matched by their code (sku); a new code adds a
            product. At most 5 MB. Check the file first; nothing changes until you import it.
          </Trans>
        </p>
        <Form.Group controlId={fileId}>
          <Form.Label>
            <Trans>CSV file</Trans>
          </Form.Label>
          <Form.Control
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              reset()
              setFile((event.target as HTMLInputElement).files?.[0] ?? null)
            }}
          />
        </Form.Group>
        <FormRefusal message={refusal} className="mb-0" />
        {checked && <CheckOutcome result={checked} />}
        {checked && checked.errors.length === 0 && checked.created + checked.updated === 0 && (
          <p className="mb-0">
            <Trans>The file changes nothing.</Trans>
          </p>
        )}
      </Modal.Body>
      <Modal.Footer className="flex-wrap">
        <Button variant="secondary" onClick={close}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="outline-primary" disabled={!file || importing.isPending} onClick={() => run(true)}>
          {importing.isPending && importing.variables?.dryRun && <Busy />}
          <Trans>Check file</Trans>
        </Button>
        <Button disabled={!ready || importing.isPending} onClick={() => run(false)}>
          {importing.isPending && !importing.variables?.dryRun && <Busy />}
          <Trans>Import</Trans>
        </Button>
      </Modal.Footer>
    </Modal>
  )
}

/** The products page's CSV buttons: the whole catalogue out, and a file of products in. */
export function CatalogueCsv() {
  const { t } = useLingui()
  const [importOpen, setImportOpen] = useState(false)
  return (
    <>
      <DownloadButton label={t`Export CSV`} download={downloadCsv.products} />
      <Button variant="outline-secondary" onClick={() => setImportOpen(true)}>
        <Trans>Import CSV</Trans>
      </Button>
      <ImportDialog show={importOpen} onHide={() => setImportOpen(false)} />
    </>
  )
}
