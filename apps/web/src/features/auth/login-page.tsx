import { zodResolver } from '@hookform/resolvers/zod'
import { LoginBody } from '@store/contract'
import { useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Form from 'react-bootstrap/Form'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Link, Navigate } from 'react-router'
import { SubmitButton } from '../../components/submit-button'
import { useSession } from '../../data/auth'
import { useTitle } from '../../lib/use-title'
import { AuthLayout } from './auth-layout'
import { homeFor } from './home-for'

const FAILURE = 'Failed to log in. Please check your credentials.'

export function LoginPage() {
  useTitle('Log In')
  const { user, login } = useSession()
  const [failed, setFailed] = useState(false)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({ resolver: zodResolver(LoginBody), defaultValues: { email: '', password: '' } })

  // Whoever is logged in, also right after submitting, goes where SPEC §2 sends them.
  if (user) return <Navigate to={homeFor(user)} replace />

  async function submit(values: LoginBody) {
    setFailed(false)
    try {
      await login(values)
      toast.success('Logged in successfully!')
    } catch {
      setFailed(true)
      toast.error(FAILURE)
    }
  }

  return (
    <AuthLayout title="Log In">
      {failed && <Alert variant="danger">{FAILURE}</Alert>}
      <Form noValidate onSubmit={handleSubmit(submit)}>
        <Form.Group className="mb-3" controlId="login-email">
          <Form.Label>Email</Form.Label>
          <Form.Control
            type="email"
            autoComplete="email"
            {...register('email')}
            isInvalid={Boolean(errors.email)}
          />
          <Form.Control.Feedback type="invalid">{errors.email?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-4" controlId="login-password">
          <Form.Label>Password</Form.Label>
          <Form.Control
            type="password"
            autoComplete="current-password"
            {...register('password')}
            isInvalid={Boolean(errors.password)}
          />
          <Form.Control.Feedback type="invalid">{errors.password?.message}</Form.Control.Feedback>
          <div className="text-end mt-1">
            <Link to="/forgot-password" className="small">
              Forgot password?
            </Link>
          </div>
        </Form.Group>
        <SubmitButton busy={isSubmitting} size="lg" className="w-100">
          Log In
        </SubmitButton>
      </Form>
      <p className="text-center mt-4 mb-0">
        Don't have an account? <Link to="/signup">Sign up</Link>
      </p>
    </AuthLayout>
  )
}
