import { zodResolver } from '@hookform/resolvers/zod'
import { type BankAccount, BankAccountBody } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Alert, Button, Card, Form, Row, Spinner } from 'react-bootstrap'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Loading } from '../../../components/loading'
import { TextField } from '../../../components/text-field'
import { bankAccountQuery, useUpdateBankAccount } from '../../../data/delivery'
import { showServerErrors } from '../../../lib/server-errors'

function AccountForm({ account }: { account: BankAccount }) {
  const form = useForm({ resolver: zodResolver(BankAccountBody), defaultValues: account })
  const { handleSubmit, reset } = form
  const save = useUpdateBankAccount()
  const [refusal, setRefusal] = useState<string>()

  const submit = handleSubmit((body) => {
    setRefusal(undefined)
    save.mutate(body, {
      onSuccess: (saved) => {
        toast.success('Bank account saved.')
        // The IBAN comes back as stored (no spaces, upper case).
        reset(saved)
      },
      onError: (error) => setRefusal(showServerErrors(error, form, 'Could not save the bank account.')),
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
        <TextField id="bank-name" label="Bank name" className="col-md-6" form={form} name="bank_name" />
        <TextField
          id="bank-account-title"
          label="Account title"
          className="col-md-6"
          form={form}
          name="account_title"
        />
        <TextField
          id="bank-account-number"
          label="Account number"
          className="col-md-6"
          form={form}
          name="account_number"
        />
        <TextField
          id="bank-iban"
          label="IBAN"
          className="col-md-6"
          placeholder="PK36SCBL0000001123456702"
          form={form}
          name="iban"
        />
      </Row>
      <TextField
        id="bank-instructions"
        label="Instructions for the customer"
        maxLength={500}
        help="Shown with the bank details on a bank-transfer order, e.g. what to write as the reference."
        form={form}
        name="instructions"
      />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Save Bank Account
        </Button>
      </div>
    </Form>
  )
}

/** Payments: the account customers paying by bank transfer send their money to. */
export function BankAccountSection() {
  const account = useQuery(bankAccountQuery())
  return (
    <Card as="section" className="shadow-sm border-0" aria-labelledby="bank-account-heading">
      <Card.Body>
        <Card.Title as="h2" id="bank-account-heading" className="h5">
          Payments: bank transfer account
        </Card.Title>
        <Card.Text className="text-body-secondary">
          Customers who pay by bank transfer see these details on their order.
        </Card.Text>
        {account.isPending ? (
          <Loading label="Loading the bank account..." />
        ) : account.isError ? (
          <Alert variant="danger">Could not load the bank account.</Alert>
        ) : (
          <AccountForm account={account.data} />
        )}
      </Card.Body>
    </Card>
  )
}
