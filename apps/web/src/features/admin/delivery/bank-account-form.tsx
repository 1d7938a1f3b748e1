import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { type BankAccount, BankAccountBody } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Alert, Card, Form, Row } from 'react-bootstrap'
import { useForm } from 'react-hook-form'
import { Loading } from '../../../components/loading'
import { SubmitButton } from '../../../components/submit-button'
import { TextField } from '../../../components/text-field'
import { bankAccountQuery, useUpdateBankAccount } from '../../../data/delivery'
import { localResolver } from '../../../lib/sentences'
import { showServerErrors } from '../../../lib/server-errors'
import { toast } from '../../../lib/toast'

function AccountForm({ account }: { account: BankAccount }) {
  const { t } = useLingui()
  const form = useForm({ resolver: localResolver(zodResolver(BankAccountBody)), defaultValues: account })
  const { handleSubmit, reset } = form
  const save = useUpdateBankAccount()
  const [refusal, setRefusal] = useState<string>()

  const submit = handleSubmit((body) => {
    setRefusal(undefined)
    save.mutate(body, {
      onSuccess: (saved) => {
        toast.success(t`Bank account saved.`)
        // The IBAN comes back as stored (no spaces, upper case).
        reset(saved)
      },
      onError: (error) => setRefusal(showServerErrors(error, form, t`Could not save the bank account.`)),
    })
  })

  return (
    <Form noValidate onSubmit={submit} className="d-grid gap-3">
      {refusal && (
        <Alert variant="danger" className="mb-0">
          {refusal}
        </Alert>
      )}
      <Row className="g-3">
        <TextField
          dir="auto"
          id="bank-name"
          label={t`Bank name`}
          className="col-md-6"
          form={form}
          name="bank_name"
        />
        <TextField
          dir="auto"
          id="bank-account-title"
          label={t`Account title`}
          className="col-md-6"
          form={form}
          name="account_title"
        />
        <TextField
          dir="auto"
          id="bank-account-number"
          label={t`Account number`}
          className="col-md-6"
          form={form}
          name="account_number"
        />
        <TextField
          dir="auto"
          id="bank-iban"
          label={t`IBAN`}
          className="col-md-6"
          placeholder="PK36SCBL0000001123456702"
          form={form}
          name="iban"
        />
      </Row>
      <TextField
        dir="auto"
        id="bank-instructions"
        label={t`Instructions for the customer`}
        maxLength={500}
        help={t`Shown with the bank details on a bank-transfer order, e.g. what to write as the reference.`}
        form={form}
        name="instructions"
      />
      <div>
        <SubmitButton busy={save.isPending}>
          <Trans>Save Bank Account</Trans>
        </SubmitButton>
      </div>
    </Form>
  )
}

/** Payments: the account customers paying by bank transfer send their money to. */
export function BankAccountSection() {
  const { t } = useLingui()
  const account = useQuery(bankAccountQuery())
  return (
    <Card as="section" className="shadow-sm border-0" aria-labelledby="bank-account-heading">
      <Card.Body>
        <Card.Title as="h2" id="bank-account-heading" className="h5">
          <Trans>Payments: bank transfer account</Trans>
        </Card.Title>
        <Card.Text className="text-body-secondary">
          <Trans>Customers who pay by bank transfer see these details on their order.</Trans>
        </Card.Text>
        {account.isPending ? (
          <Loading label={t`Loading the bank account...`} />
        ) : account.isError ? (
          <Alert variant="danger">
            <Trans>Could not load the bank account.</Trans>
          </Alert>
        ) : (
          <AccountForm account={account.data} />
        )}
      </Card.Body>
    </Card>
  )
}
