import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { type ClaimSettings, ClaimSettingsBody } from '@store/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Alert, Card, Form } from 'react-bootstrap'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormRefusal } from '../../../components/form-refusal'
import { Loading } from '../../../components/loading'
import { SubmitButton } from '../../../components/submit-button'
import { TextField } from '../../../components/text-field'
import { claimSettingsQuery, useUpdateClaimSettings } from '../../../data/claims'
import { localResolver } from '../../../lib/sentences'
import { showServerErrors } from '../../../lib/server-errors'
import { toast } from '../../../lib/toast'
import { BackToList } from '../common/back-to-list'
import { PageHeader } from '../common/page-header'

const wholeNumber = { setValueAs: (value: unknown) => (value === '' ? Number.NaN : Number(value)) }

function SettingsForm({ settings }: { settings: ClaimSettings }) {
  const { t } = useLingui()
  const form = useForm<ClaimSettingsBody, unknown, z.output<typeof ClaimSettingsBody>>({
    resolver: localResolver(zodResolver(ClaimSettingsBody)),
    defaultValues: settings,
  })
  const [refusal, setRefusal] = useState<string>()
  const save = useUpdateClaimSettings()
  const submit = form.handleSubmit((body) => {
    setRefusal(undefined)
    save.mutate(body, {
      onSuccess: (saved) => {
        form.reset(saved)
        toast.success(t`Claim settings saved.`)
      },
      onError: (error) =>
        setRefusal(showServerErrors(error, form, t`Could not save the settings. Try again.`)),
    })
  })
  return (
    <Form noValidate onSubmit={submit} className="d-grid gap-3" style={{ maxWidth: '36rem' }}>
      <FormRefusal message={refusal} className="mb-0" />
      <TextField
        form={form}
        name="damage_hours"
        id="claims-damage-hours"
        label={t`Damage is reported within (hours of delivery)`}
        type="number"
        min={0}
        max={8760}
        inputMode="numeric"
        options={wholeNumber}
      />
      <TextField
        form={form}
        name="exchange_days"
        id="claims-exchange-days"
        label={t`Other problems and exchanges within (days of delivery)`}
        type="number"
        min={0}
        max={365}
        inputMode="numeric"
        options={wholeNumber}
      />
      <Form.Check
        id="claims-changed-mind"
        label={t`Accept “changed my mind” returns`}
        {...form.register('changed_mind')}
      />
      <Form.Check
        id="claims-made-to-order"
        label={t`Made-to-order pieces can be returned`}
        {...form.register('made_to_order_returnable')}
      />
      <TextField
        form={form}
        name="cancellation_fee_percent"
        id="claims-cancellation-fee"
        label={t`Fee for cancelling a confirmed order (% of what was paid)`}
        type="number"
        min={0}
        max={100}
        inputMode="numeric"
        options={wholeNumber}
      />
      <div>
        <SubmitButton busy={save.isPending}>
          <Trans>Save</Trans>
        </SubmitButton>
      </div>
    </Form>
  )
}

/** The store's returns policy: its windows, change of mind, made-to-order pieces, the cancellation fee. */
export function ClaimSettingsPage() {
  const { t } = useLingui()
  const settings = useQuery(claimSettingsQuery())
  return (
    <>
      <BackToList to="/adminuser/claims">
        <Trans>← Back to Claims</Trans>
      </BackToList>
      <PageHeader
        title={t`Claim settings`}
        subtitle={t`The returns policy customers read, and the limits their claims are checked against.`}
      />
      <Card className="shadow-sm border-0">
        <Card.Body>
          {settings.isPending ? (
            <Loading />
          ) : settings.isError ? (
            <Alert variant="danger" className="mb-0">
              <Trans>Could not load the claim settings.</Trans>
            </Alert>
          ) : (
            <SettingsForm settings={settings.data} />
          )}
        </Card.Body>
      </Card>
    </>
  )
}
