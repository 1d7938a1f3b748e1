import { zodResolver } from '@hookform/resolvers/zod'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { PasswordResetConfirmBody } from '@store/contract'
import Alert from 'react-bootstrap/Alert'
import Form from 'react-bootstrap/Form'
import { useForm } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { z } from 'zod'
import { SubmitButton } from '../../components/submit-button'
import { TextField } from '../../components/text-field'
import { useResetPassword } from '../../data/auth'
import { ApiError, serverDetail } from '../../lib/api'
import { i18n } from '../../lib/i18n'
import { useTitle } from '../../lib/use-title'
import { AuthLayout } from './auth-layout'

const NewPassword = PasswordResetConfirmBody.pick({ password: true })
  .extend({ confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    // In the reader's language at the time of the check
    error: () => i18n._(msg`The passwords do not match.`),
  })
type NewPassword = z.infer<typeof NewPassword>

/** Sets a new password with the token of the mailed link (`?token=`). */
export function ResetPasswordPage() {
  const { t } = useLingui()
  useTitle(t`Choose a New Password`)
  const token = useSearchParams()[0].get('token') ?? ''
  const reset = useResetPassword()
  const form = useForm<NewPassword>({
    resolver: zodResolver(NewPassword),
    defaultValues: { password: '', confirm: '' },
  })

  if (reset.isSuccess) {
    return (
      <AuthLayout title={t`Password Changed`}>
        <Alert variant="success" role="status">
          <Trans>
            Your password has been changed, and every device that was signed in has been signed out.
          </Trans>
        </Alert>
        <Link to="/login" className="btn btn-primary btn-lg w-100">
          <Trans>Log in</Trans>
        </Link>
      </AuthLayout>
    )
  }

  function submit({ password }: NewPassword) {
    reset.mutate(
      { token, password },
      {
        // A refused password names its field; a refused token comes back as the server's sentence.
        onError: (error) => {
          const refused = error instanceof ApiError ? error.errors?.password?.[0] : undefined
          if (refused) form.setError('password', { message: refused })
        },
      },
    )
  }

  const failure =
    reset.isError && !form.formState.errors.password
      ? (serverDetail(reset.error) ?? t`Could not change the password. Please try again.`)
      : null
  return (
    <AuthLayout title={t`Choose a New Password`}>
      {!token ? (
        <Alert variant="warning">
          <Trans>This reset link is incomplete. Ask for a new one below.</Trans>
        </Alert>
      ) : (
        <>
          {failure && <Alert variant="danger">{failure}</Alert>}
          <Form noValidate onSubmit={form.handleSubmit(submit)}>
            <TextField
              form={form}
              name="password"
              id="reset-password"
              label={t`New password`}
              type="password"
              autoComplete="new-password"
              className="mb-3"
            />
            <TextField
              form={form}
              name="confirm"
              id="reset-confirm"
              label={t`Confirm new password`}
              type="password"
              autoComplete="new-password"
              className="mb-4"
            />
            <SubmitButton busy={reset.isPending} size="lg" className="w-100">
              <Trans>Set New Password</Trans>
            </SubmitButton>
          </Form>
        </>
      )}
      <p className="text-center mt-4 mb-0">
        <Link to="/forgot-password">
          <Trans>Ask for a new link</Trans>
        </Link>
      </p>
    </AuthLayout>
  )
}
