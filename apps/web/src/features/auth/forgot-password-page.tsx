import { zodResolver } from '@hookform/resolvers/zod'
import { PasswordResetBody } from '@store/contract'
import Alert from 'react-bootstrap/Alert'
import Form from 'react-bootstrap/Form'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { SubmitButton } from '../../components/submit-button'
import { TextField } from '../../components/text-field'
import { useRequestPasswordReset } from '../../data/auth'
import { serverDetail } from '../../lib/api'
import { useTitle } from '../../lib/use-title'
import { AuthLayout } from './auth-layout'

/** Asks for a reset link. What it says afterwards never tells whether the email has an account. */
export function ForgotPasswordPage() {
  useTitle('Forgot Password')
  const request = useRequestPasswordReset()
  const form = useForm<PasswordResetBody>({
    resolver: zodResolver(PasswordResetBody),
    defaultValues: { email: '' },
  })

  return (
    <AuthLayout title="Forgot Password">
      {request.isSuccess ? (
        <Alert variant="success" role="status">
          If an account uses {request.variables.email}, we have emailed it a link to choose a new password.
          The link works for one hour.
        </Alert>
      ) : (
        <>
          <p className="text-muted">
            Enter your account's email and we will send you a link to choose a new password.
          </p>
          {request.isError && (
            <Alert variant="danger">
              {serverDetail(request.error) ?? 'Could not send the link. Please try again.'}
            </Alert>
          )}
          <Form noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))}>
            <TextField
              form={form}
              name="email"
              id="forgot-email"
              label="Email"
              type="email"
              autoComplete="email"
              className="mb-4"
            />
            <SubmitButton busy={request.isPending} size="lg" className="w-100">
              Send Reset Link
            </SubmitButton>
          </Form>
        </>
      )}
      <p className="text-center mt-4 mb-0">
        <Link to="/login">Back to log in</Link>
      </p>
    </AuthLayout>
  )
}
