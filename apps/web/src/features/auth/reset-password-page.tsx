import { zodResolver } from '@hookform/resolvers/zod'
import { PasswordResetConfirmBody } from '@store/contract'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Spinner from 'react-bootstrap/Spinner'
import { useForm } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { z } from 'zod'
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
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPassword>({
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

  // A refused token comes back as the server's sentence; a refused password names its field.
  const passwordError = reset.error instanceof ApiError ? reset.error.errors?.password?.[0] : undefined
  const failure =
    reset.isError && !passwordError
      ? (serverDetail(reset.error) ?? 'Could not change the password. Please try again.')
      : null
  return (
    <AuthLayout title="Choose a New Password">
      {!token ? (
        <Alert variant="warning">This reset link is incomplete. Ask for a new one below.</Alert>
      ) : (
        <>
          {failure && <Alert variant="danger">{failure}</Alert>}
          <Form noValidate onSubmit={handleSubmit(({ password }) => reset.mutate({ token, password }))}>
            <Form.Group className="mb-3" controlId="reset-password">
              <Form.Label>New password</Form.Label>
              <Form.Control
                type="password"
                autoComplete="new-password"
                {...register('password')}
                isInvalid={Boolean(errors.password ?? passwordError)}
              />
              <Form.Control.Feedback type="invalid">
                {errors.password?.message ?? passwordError}
              </Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-4" controlId="reset-confirm">
              <Form.Label>Confirm new password</Form.Label>
              <Form.Control
                type="password"
                autoComplete="new-password"
                {...register('confirm')}
                isInvalid={Boolean(errors.confirm)}
              />
              <Form.Control.Feedback type="invalid">{errors.confirm?.message}</Form.Control.Feedback>
            </Form.Group>
            <Button type="submit" size="lg" className="w-100" disabled={reset.isPending}>
              {reset.isPending && (
                <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
              )}
              Set New Password
            </Button>
          </Form>
        </>
      )}
      <p className="text-center mt-4 mb-0">
        <Link to="/forgot-password">Ask for a new link</Link>
      </p>
    </AuthLayout>
  )
}
