import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { PasswordResetBody } from '@store/contract'
import Alert from 'react-bootstrap/Alert'
import Form from 'react-bootstrap/Form'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { SubmitButton } from '../../components/submit-button'
import { TextField } from '../../components/text-field'
import { useRequestPasswordReset } from '../../data/auth'
import { serverDetail } from '../../lib/api'
import { isolated } from '../../lib/i18n'
import { useTitle } from '../../lib/use-title'
import { AuthLayout } from './auth-layout'

/** Asks for a reset link. What it says afterwards never tells whether the email has an account. */
export function ForgotPasswordPage() {
  const { t } = useLingui()
  useTitle(t`Forgot Password`)
  const request = useRequestPasswordReset()
  const form = useForm<PasswordResetBody>({
    resolver: zodResolver(PasswordResetBody),
    defaultValues: { email: '' },
  })

  const email = isolated(request.variables?.email ?? '')
  return (
    <AuthLayout title={t`Forgot Password`}>
      {request.isSuccess ? (
        <Alert variant="success" role="status">
          <Trans>
            If an account uses {email}, we have emailed it a link to choose a new password. The link works for
            one hour.
          </Trans>
        </Alert>
      ) : (
        <>
          <p className="text-muted">
            <Trans>Enter your account's email and we will send you a link to choose a new password.</Trans>
          </p>
          {request.isError && (
            <Alert variant="danger">
              {serverDetail(request.error) ?? t`Could not send the link. Please try again.`}
            </Alert>
          )}
          <Form noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))}>
            <TextField
              form={form}
              name="email"
              id="forgot-email"
              label={t`Email`}
              type="email"
              autoComplete="email"
              className="mb-4"
            />
            <SubmitButton busy={request.isPending} size="lg" className="w-100">
              <Trans>Send Reset Link</Trans>
            </SubmitButton>
          </Form>
        </>
      )}
      <p className="text-center mt-4 mb-0">
        <Link to="/login">
          <Trans>Back to log in</Trans>
        </Link>
      </p>
    </AuthLayout>
  )
}
