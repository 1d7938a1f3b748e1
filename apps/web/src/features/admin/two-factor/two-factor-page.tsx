import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  TwoFactorCodeBody,
  TwoFactorConfirmBody,
  type TwoFactorSetup,
  TwoFactorSetupBody,
} from '@store/contract'
import { Alert, Badge, Button, Card } from 'react-bootstrap'
import Form from 'react-bootstrap/Form'
import { useForm } from 'react-hook-form'
import { SubmitButton } from '../../../components/submit-button'
import { TextField } from '../../../components/text-field'
import {
  useNewRecoveryCodes,
  useSession,
  useTwoFactorConfirm,
  useTwoFactorDisable,
  useTwoFactorSetup,
} from '../../../data/auth'
import { localResolver } from '../../../lib/sentences'
import { showServerErrors } from '../../../lib/server-errors'
import { toast } from '../../../lib/toast'
import { PageHeader } from '../common/page-header'
import { QrCode } from './qr-code'

/** A base32 secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

function Status({ on }: { on: boolean }) {
  return (
    <p className="d-flex align-items-center gap-2 mb-3">
      <span>
        <Trans>Status:</Trans>
      </span>
      {on ? (
        <Badge bg="success">
          <Trans>On</Trans>
        </Badge>
      ) : (
        <Badge bg="secondary">
          <Trans>Off</Trans>
        </Badge>
      )}
    </p>
  )
}

/** The codes of `confirm`, shown this once, with a way to copy them. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useLingui()
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      toast.success(t`Recovery codes copied.`)
    } catch {
      toast.error(t`Could not copy. Select the codes and copy them by hand.`)
    }
  }
  return (
    <section aria-labelledby="recovery-heading">
      <Alert variant="warning">
        <h2 id="recovery-heading" className="h5 alert-heading">
          <Trans>Save these recovery codes now</Trans>
        </h2>
        <p className="mb-0">
          <Trans>
            Each code signs you in once if you lose your phone. They are shown only this once: keep them in a
            password manager or print them, away from your phone.
          </Trans>
        </p>
      </Alert>
      <ol className="recovery-codes list-unstyled font-monospace fs-5 bg-white border rounded p-3">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Button variant="outline-primary" onClick={copy}>
        <Trans>Copy codes</Trans>
      </Button>
    </section>
  )
}

/** The QR code and key for the app, then the first code from it turns two-factor sign-in on. */
function ConfirmStep({ setup, email }: { setup: TwoFactorSetup; email: string }) {
  const { t } = useLingui()
  const confirm = useTwoFactorConfirm()
  const form = useForm<TwoFactorConfirmBody>({
    resolver: localResolver(zodResolver(TwoFactorConfirmBody)),
    defaultValues: { code: '' },
  })

  async function submit(body: TwoFactorConfirmBody) {
    try {
      await confirm.mutateAsync(body)
    } catch (error) {
      const sentence = showServerErrors(error, form, t`That code did not work. Try again.`)
      if (sentence) form.setError('code', { type: 'server', message: sentence })
    }
  }

  if (confirm.data) return <RecoveryCodes codes={confirm.data.recovery_codes} />
  return (
    <ol className="two-factor-steps d-grid gap-4 ps-3">
      <li>
        <p>
          <Trans>
            Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator,
            1Password…).
          </Trans>
        </p>
        <QrCode text={setup.otpauth_url} label={t`QR code for signing in as ${email}`} />
        <p className="mt-3 mb-1">
          <Trans>Cannot scan it? Type this key into the app instead:</Trans>
        </p>
        <code className="d-inline-block fs-6 text-break user-select-all" dir="ltr">
          {grouped(setup.secret)}
        </code>
      </li>
      <li>
        <p>
          <Trans>Enter the code the app now shows for Comfort Living to turn two-factor sign-in on.</Trans>
        </p>
        <Form noValidate onSubmit={form.handleSubmit(submit)} aria-label={t`Confirm two-factor sign-in`}>
          <TextField
            dir="auto"
            form={form}
            name="code"
            id="two-factor-code"
            label={t`Six-digit code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="mb-3 two-factor-code"
          />
          <SubmitButton busy={form.formState.isSubmitting}>
            <Trans>Turn on</Trans>
          </SubmitButton>
        </Form>
      </li>
    </ol>
  )
}

/** The password again, as for a password change, before a new secret is made. */
function StartStep({ setup }: { setup: ReturnType<typeof useTwoFactorSetup> }) {
  const { t } = useLingui()
  const form = useForm<TwoFactorSetupBody>({
    resolver: localResolver(zodResolver(TwoFactorSetupBody)),
    defaultValues: { current_password: '' },
  })

  async function submit(body: TwoFactorSetupBody) {
    try {
      await setup.mutateAsync(body)
    } catch (error) {
      const sentence = showServerErrors(error, form, t`Could not start the setup. Try again.`)
      if (sentence) form.setError('current_password', { type: 'server', message: sentence })
    }
  }

  return (
    <>
      <p>
        <Trans>You need an authenticator app on your phone. Setting it up takes a minute.</Trans>
      </p>
      <Form noValidate onSubmit={form.handleSubmit(submit)} aria-label={t`Start two-factor setup`}>
        <TextField
          form={form}
          name="current_password"
          id="two-factor-password"
          label={t`Your password`}
          type="password"
          autoComplete="current-password"
          className="mb-3"
        />
        <SubmitButton busy={form.formState.isSubmitting}>
          <Trans>Set up</Trans>
        </SubmitButton>
      </Form>
    </>
  )
}

/** One code from the app (or a recovery code) for a change of two-factor sign-in that is on. */
function CodeForm({
  id,
  title,
  help,
  action,
  variant,
  onCode,
}: {
  id: string
  title: string
  help: string
  action: string
  variant: 'primary' | 'danger'
  onCode(body: TwoFactorCodeBody): Promise<unknown>
}) {
  const { t } = useLingui()
  const form = useForm<TwoFactorCodeBody>({
    resolver: localResolver(zodResolver(TwoFactorCodeBody)),
    defaultValues: { code: '' },
  })
  async function submit(body: TwoFactorCodeBody) {
    try {
      await onCode(body)
      form.reset()
    } catch (error) {
      const sentence = showServerErrors(error, form, t`That code did not work. Try again.`)
      if (sentence) form.setError('code', { type: 'server', message: sentence })
    }
  }
  return (
    <Form noValidate onSubmit={form.handleSubmit(submit)} aria-label={title} className="border-top pt-3 mt-3">
      <h2 className="h6">{title}</h2>
      <p className="small text-body-secondary">{help}</p>
      <TextField
        dir="auto"
        form={form}
        name="code"
        id={id}
        label={t`Code from your app, or a recovery code`}
        autoComplete="one-time-code"
        className="mb-3 two-factor-code"
      />
      <SubmitButton busy={form.formState.isSubmitting} variant={variant}>
        {action}
      </SubmitButton>
    </Form>
  )
}

/** Two-factor sign-in that is on: new recovery codes, or off, each for a code. */
function OnStep() {
  const { t } = useLingui()
  const renew = useNewRecoveryCodes()
  const disable = useTwoFactorDisable()
  if (renew.data) return <RecoveryCodes codes={renew.data.recovery_codes} />
  return (
    <>
      <p className="mb-0">
        <Trans>Each login asks for a code from your authenticator app, or one of your recovery codes.</Trans>
      </p>
      <CodeForm
        id="recovery-codes-code"
        title={t`New recovery codes`}
        help={t`Used some, or lost the list? Ten new codes replace the old ones, which stop working.`}
        action={t`Get new codes`}
        variant="primary"
        onCode={(body) => renew.mutateAsync(body)}
      />
      <CodeForm
        id="disable-code"
        title={t`Turn off two-factor sign-in`}
        help={t`After this, your password alone opens the back office.`}
        action={t`Turn off`}
        variant="danger"
        onCode={async (body) => {
          await disable.mutateAsync(body)
          toast.success(t`Two-factor sign-in is off.`)
        }}
      />
    </>
  )
}

/** Where staff turn on two-factor sign-in: a code from an authenticator app after the password. */
export function TwoFactorPage() {
  const { t } = useLingui()
  const { user } = useSession()
  const setup = useTwoFactorSetup()
  if (!user) return null

  return (
    <div className="admin-narrow">
      <PageHeader
        title={t`Two-factor sign-in`}
        subtitle={t`After your password, a code from an app on your phone: a stolen password alone no longer opens the back office.`}
      />
      <Card className="shadow-sm border-0">
        <Card.Body>
          <Status on={user.two_factor_enabled} />
          {setup.data ? (
            <ConfirmStep setup={setup.data} email={user.email} />
          ) : user.two_factor_enabled ? (
            <OnStep />
          ) : (
            <StartStep setup={setup} />
          )}
        </Card.Body>
      </Card>
    </div>
  )
}
