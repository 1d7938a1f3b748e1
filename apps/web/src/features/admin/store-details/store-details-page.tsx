import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { type StoreDetails, StoreDetailsBody } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { Alert, Button, Card, Form, Row } from 'react-bootstrap'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormRefusal } from '../../../components/form-refusal'
import { Loading } from '../../../components/loading'
import { useObjectUrl } from '../../../components/payment-card'
import { SubmitButton } from '../../../components/submit-button'
import { TextField } from '../../../components/text-field'
import { serverDetail } from '../../../lib/api'
import { localResolver } from '../../../lib/sentences'
import { showServerErrors } from '../../../lib/server-errors'
import { toast } from '../../../lib/toast'
import { PageHeader } from '../common/page-header'
import { storeDetailsQuery, useDeleteStoreLogo, useUpdateStoreDetails, useUploadStoreLogo } from './data'

/** The images a PDF can carry as they are. */
const LOGO_TYPES = 'image/png,image/jpeg'

type DetailsFormValues = z.input<typeof StoreDetailsBody>

const initialValues = ({ logo_url: _logo, ...details }: StoreDetails): DetailsFormValues => details

function DetailsForm({ details }: { details: StoreDetails }) {
  const { t } = useLingui()
  const form = useForm<DetailsFormValues, unknown, z.output<typeof StoreDetailsBody>>({
    resolver: localResolver(zodResolver(StoreDetailsBody)),
    defaultValues: initialValues(details),
  })
  const save = useUpdateStoreDetails()
  const [refusal, setRefusal] = useState<string>()

  const submit = form.handleSubmit((body) => {
    setRefusal(undefined)
    save.mutate(body, {
      onSuccess: (saved) => {
        toast.success(t`Store details saved.`)
        form.reset(initialValues(saved))
      },
      onError: (error) => setRefusal(showServerErrors(error, form, t`Could not save the store details.`)),
    })
  })

  return (
    <Form noValidate onSubmit={submit} className="d-grid gap-3">
      <FormRefusal message={refusal} className="mb-0" />
      <Card as="section" className="shadow-sm border-0" aria-labelledby="store-heading">
        <Card.Body className="d-grid gap-3">
          <Card.Title as="h2" id="store-heading" className="h5 mb-0">
            <Trans>The store on its papers</Trans>
          </Card.Title>
          <Row className="g-3">
            <TextField
              form={form}
              name="legal_name"
              id="store-legal-name"
              label={t`Legal name`}
              autoComplete="organization"
              className="col-md-6"
            />
            <TextField
              form={form}
              name="phone"
              id="store-phone"
              label={t`Phone`}
              type="tel"
              autoComplete="tel"
              className="col-md-6"
            />
            <TextField
              form={form}
              name="address"
              id="store-address"
              label={t`Address`}
              as="textarea"
              rows={3}
              autoComplete="street-address"
              className="col-12"
            />
          </Row>
        </Card.Body>
      </Card>

      <Card as="section" className="shadow-sm border-0" aria-labelledby="tax-heading">
        <Card.Body className="d-grid gap-3">
          <Card.Title as="h2" id="tax-heading" className="h5 mb-0">
            <Trans>Tax</Trans>
          </Card.Title>
          <Row className="g-3">
            <TextField
              form={form}
              name="ntn"
              id="store-ntn"
              label={t`NTN`}
              help={t`National Tax Number; leave empty if the store has none.`}
              autoComplete="off"
              className="col-md-4"
            />
            <TextField
              form={form}
              name="strn"
              id="store-strn"
              label={t`STRN`}
              help={t`Sales Tax Registration Number; leave empty if the store has none.`}
              autoComplete="off"
              className="col-md-4"
            />
            <TextField
              form={form}
              name="sales_tax_percent"
              id="store-sales-tax"
              label={t`Sales tax included in prices (%)`}
              help={t`Prices stay as they are; the invoice shows how much of them is tax. 0 for none.`}
              inputMode="decimal"
              className="col-md-4"
            />
          </Row>
        </Card.Body>
      </Card>

      <Card as="section" className="shadow-sm border-0" aria-labelledby="invoice-heading">
        <Card.Body className="d-grid gap-3">
          <Card.Title as="h2" id="invoice-heading" className="h5 mb-0">
            <Trans>Invoices</Trans>
          </Card.Title>
          <fieldset>
            <legend className="h6">
              <Trans>Issue an order's invoice</Trans>
            </legend>
            <Form.Check
              type="radio"
              id="invoice-on-confirmed"
              value="confirmed"
              label={t`When the order is confirmed`}
              {...form.register('invoice_on')}
            />
            <Form.Check
              type="radio"
              id="invoice-on-paid"
              value="paid"
              label={t`When the order is fully paid`}
              {...form.register('invoice_on')}
            />
          </fieldset>
          <TextField
            form={form}
            name="footer"
            id="store-footer"
            label={t`Footer (optional)`}
            help={t`Printed at the bottom of every paper, e.g. the return policy or bank details.`}
            as="textarea"
            rows={3}
          />
        </Card.Body>
      </Card>
      <div>
        <SubmitButton busy={save.isPending}>
          <Trans>Save Store Details</Trans>
        </SubmitButton>
      </div>
    </Form>
  )
}

/** The logo at the top of the papers: a new image is previewed before it is uploaded. */
function LogoCard({ details }: { details: StoreDetails }) {
  const { t } = useLingui()
  const [chosen, setChosen] = useState<File>()
  const preview = useObjectUrl(chosen)
  const [refusal, setRefusal] = useState<string>()
  const input = useRef<HTMLInputElement>(null)
  const uploadLogo = useUploadStoreLogo()
  const removeLogo = useDeleteStoreLogo()
  const busy = uploadLogo.isPending || removeLogo.isPending

  const forgetChoice = () => {
    setChosen(undefined)
    if (input.current) input.current.value = ''
  }
  const refused = (fallback: string) => (error: unknown) => setRefusal(serverDetail(error) ?? fallback)

  const upload = () => {
    if (!chosen) return
    setRefusal(undefined)
    uploadLogo.mutate(chosen, {
      onSuccess: () => {
        toast.success(t`Logo saved.`)
        forgetChoice()
      },
      onError: refused(t`Could not upload the logo.`),
    })
  }
  const remove = () => {
    setRefusal(undefined)
    removeLogo.mutate(undefined, {
      onSuccess: () => toast.success(t`Logo removed.`),
      onError: refused(t`Could not remove the logo.`),
    })
  }

  return (
    <Card as="section" className="shadow-sm border-0" aria-labelledby="logo-heading">
      <Card.Body className="d-grid gap-3">
        <Card.Title as="h2" id="logo-heading" className="h5 mb-0">
          <Trans>Logo</Trans>
        </Card.Title>
        <FormRefusal message={refusal} className="mb-0" />
        <div className="store-logo-frame">
          {preview ? (
            <img src={preview} alt={t`Preview of the new logo`} className="store-logo" />
          ) : details.logo_url ? (
            <img src={details.logo_url} alt={t`The logo on the papers`} className="store-logo" />
          ) : (
            <p className="text-body-secondary small mb-0">
              <Trans>No logo: the papers show the legal name alone.</Trans>
            </p>
          )}
        </div>
        <Form.Group controlId="store-logo-file">
          <Form.Label>{details.logo_url ? t`Replace the logo` : t`Choose a logo`}</Form.Label>
          <Form.Control
            ref={input}
            type="file"
            accept={LOGO_TYPES}
            aria-describedby="store-logo-file-help"
            onChange={(event) => {
              setRefusal(undefined)
              setChosen((event.target as HTMLInputElement).files?.[0])
            }}
          />
          <Form.Text id="store-logo-file-help">
            <Trans>A PNG or JPEG image, best wider than tall.</Trans>
          </Form.Text>
        </Form.Group>
        <div className="d-flex flex-wrap gap-2">
          {chosen ? (
            <>
              <Button onClick={upload} disabled={busy}>
                <Trans>Upload Logo</Trans>
              </Button>
              <Button variant="outline-secondary" onClick={forgetChoice} disabled={busy}>
                <Trans>Cancel</Trans>
              </Button>
            </>
          ) : (
            details.logo_url && (
              <Button variant="outline-danger" onClick={remove} disabled={busy}>
                <Trans>Remove Logo</Trans>
              </Button>
            )
          )}
        </div>
      </Card.Body>
    </Card>
  )
}

/** Staff set what the invoices, credit notes and delivery challans print about the store. */
export function StoreDetailsPage() {
  const { t } = useLingui()
  const details = useQuery(storeDetailsQuery())
  return (
    <>
      <PageHeader
        title={t`Store details`}
        subtitle={t`What the invoices, credit notes and delivery challans say about the store. Papers already issued keep what they were issued with.`}
      />
      {details.isPending ? (
        <Loading label={t`Loading the store details...`} />
      ) : details.isError ? (
        <Alert variant="danger">
          <Trans>Could not load the store details.</Trans>
        </Alert>
      ) : (
        <div className="store-details">
          <DetailsForm details={details.data} />
          <LogoCard details={details.data} />
        </div>
      )}
    </>
  )
}
