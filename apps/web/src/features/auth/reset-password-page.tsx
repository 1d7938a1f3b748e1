import { zodResolver } from '@hookform/resolvers/zod'
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
import { useTitle } from '../../lib/use-title'
import { AuthLayout } from './auth-layout'

const NewPassword = PasswordResetConfirmBody.pick({ password: true })
  .extend({ confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: 'The passwords do not match.',
  })
type NewPassword = z.infer<typeof NewPassword>

/** Sets a new password with the token of the mailed link (`?token=`). */
export function ResetPasswordPage() {
  useTitle('Choose a New Password')
  const token = useSearchParams()[0].get('token') ?? ''
  const reset = useResetPassword()
  const form = useForm<NewPassword>({
    resolver: zodResolver(NewPassword),
    defaultValues: { password: '', confirm: '' },
  })

  if (reset.isSuccess) {
    return (
      <AuthLayout title="Password Changed">
        <Alert variant="success" role="status">
          Your password has been changed, and every device that was signed in has been signed out.
        </Alert>
        <Link to="/login" className="btn btn-primary btn-lg w-100">
          Log in
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
      ? (serverDetail(reset.error) ?? 'Could not change the password. Please try again.')
      : null
  return (
    <AuthLayout title="Choose a New Password">
      {!token ? (
        <Alert variant="warning">This reset link is incomplete. Ask for a new one below.</Alert>
      ) : (
        <>
          {failure && <Alert variant="danger">{failure}</Alert>}
          <Form noValidate onSubmit={form.handleSubmit(submit)}>
            <TextField
              form={form}
              name="password"
              id="reset-password"
              label="New password"
              type="password"
              autoComplete="new-password"
              className="mb-3"
            />
            <TextField
              form={form}
              name="confirm"
              id="reset-confirm"
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              className="mb-4"
            />
            <SubmitButton busy={reset.isPending} size="lg" className="w-100">
              Set New Password
            </SubmitButton>
          </Form>
        </>
      )}
      <p className="text-center mt-4 mb-0">
        <Link to="/forgot-password">Ask for a new link</Link>
      </p>
    </AuthLayout>
  )
}
