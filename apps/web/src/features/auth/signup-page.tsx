import { zodResolver } from '@hookform/resolvers/zod'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { RegisterBody } from '@store/contract'
import { useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Form from 'react-bootstrap/Form'
import { useForm } from 'react-hook-form'
import { Link, Navigate } from 'react-router'
import { z } from 'zod'
import { SubmitButton } from '../../components/submit-button'
import { TextField } from '../../components/text-field'
import { useSession } from '../../data/auth'
import { i18n } from '../../lib/i18n'
import { toast } from '../../lib/toast'
import { useTitle } from '../../lib/use-title'
import { AuthLayout } from './auth-layout'
import { homeFor } from './home-for'

const FAILURE = msg`Failed to create an account. Email might already be in use.`

/** docs/product.md §5: the registration fields plus the terms box, which must be ticked. */
const SignupForm = RegisterBody.extend({
  terms: z.boolean().refine((ticked) => ticked, {
    error: () => i18n._(msg`You must agree to the terms and privacy policy to continue.`),
  }),
})
type SignupForm = z.infer<typeof SignupForm>

const FIELDS = [
  { name: 'first_name', label: msg`First name`, type: 'text', autoComplete: 'given-name', col: 'col-sm-6' },
  { name: 'last_name', label: msg`Last name`, type: 'text', autoComplete: 'family-name', col: 'col-sm-6' },
  { name: 'email', label: msg`Email`, type: 'email', autoComplete: 'email', col: 'col-12' },
  { name: 'password', label: msg`Password`, type: 'password', autoComplete: 'new-password', col: 'col-12' },
] as const

export function SignupPage() {
  const { t } = useLingui()
  useTitle(t`Sign Up`)
  const { user, signup } = useSession()
  const [failed, setFailed] = useState(false)
  const form = useForm<SignupForm>({
    resolver: zodResolver(SignupForm),
    mode: 'onTouched',
    defaultValues: { first_name: '', last_name: '', email: '', password: '', terms: false },
  })
  const {
    register,
    handleSubmit,
    watch,
    trigger,
    formState: { errors, isSubmitting },
  } = form
  const agreed = watch('terms')

  if (user) return <Navigate to={homeFor(user)} replace />

  async function submit({ terms: _terms, ...details }: SignupForm) {
    setFailed(false)
    try {
      await signup(details)
      toast.success(t`Account created successfully!`)
    } catch {
      setFailed(true)
      toast.error(t(FAILURE))
    }
  }

  return (
    <AuthLayout title={t`Create an Account`}>
      {failed && <Alert variant="danger">{t(FAILURE)}</Alert>}
      <Form noValidate onSubmit={handleSubmit(submit)}>
        <div className="row g-3">
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              form={form}
              name={field.name}
              id={`signup-${field.name}`}
              label={t(field.label)}
              // The hint gives way to the error, which says the same more pointedly.
              help={field.name === 'password' && !errors.password ? t`At least 8 characters.` : undefined}
              type={field.type}
              autoComplete={field.autoComplete}
              className={field.col}
            />
          ))}
          <Form.Group className="col-12" controlId="signup-terms">
            <Form.Check type="checkbox" isInvalid={Boolean(errors.terms)}>
              <Form.Check.Input
                type="checkbox"
                {...register('terms', { onChange: () => trigger('terms') })}
                isInvalid={Boolean(errors.terms)}
              />
              <Form.Check.Label>
                <Trans>
                  I agree to the{' '}
                  <Link to="/terms" target="_blank" rel="noopener">
                    Terms of Service
                  </Link>{' '}
                  and{' '}
                  <Link to="/privacy" target="_blank" rel="noopener">
                    Privacy Policy
                  </Link>
                </Trans>
              </Form.Check.Label>
              <Form.Control.Feedback type="invalid">{errors.terms?.message}</Form.Control.Feedback>
            </Form.Check>
          </Form.Group>
        </div>
        {/* docs/product.md §5: submit stays disabled until the terms box is ticked */}
        <SubmitButton busy={isSubmitting} disabled={!agreed} size="lg" className="w-100 mt-4">
          <Trans>Sign Up</Trans>
        </SubmitButton>
      </Form>
      <p className="text-center mt-4 mb-0">
        <Trans>
          Already have an account? <Link to="/login">Log in</Link>
        </Trans>
      </p>
    </AuthLayout>
  )
}
