import { zodResolver } from '@hookform/resolvers/zod'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { LoginBody, TwoFactorVerifyBody } from '@store/contract'
import { useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import { useForm } from 'react-hook-form'
import { Link, Navigate, useSearchParams } from 'react-router'
import type { z } from 'zod'
import { SubmitButton } from '../../components/submit-button'
import { TextField } from '../../components/text-field'
import { useSession } from '../../data/auth'
import { showServerErrors } from '../../lib/server-errors'
import { toast } from '../../lib/toast'
import { useTitle } from '../../lib/use-title'
import { AuthLayout } from './auth-layout'
import { homeFor } from './home-for'

const FAILURE = msg`Failed to log in. Please check your credentials.`
const SUCCESS = msg`Logged in successfully!`
const CODE_REFUSED = msg`That code did not work. Try again.`

function PasswordStep({ onChallenge }: { onChallenge(mfaToken: string): void }) {
  const { t } = useLingui()
  const { login } = useSession()
  const [failed, setFailed] = useState(false)
  const form = useForm<LoginBody>({
    resolver: zodResolver(LoginBody),
    defaultValues: { email: '', password: '' },
  })
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form

  async function submit(values: LoginBody) {
    setFailed(false)
    try {
      const answer = await login(values)
      if ('mfa_required' in answer) onChallenge(answer.mfa_token)
      else toast.success(t(SUCCESS))
    } catch {
      setFailed(true)
      toast.error(t(FAILURE))
    }
  }

  return (
    <>
      {failed && <Alert variant="danger">{t(FAILURE)}</Alert>}
      <Form noValidate onSubmit={handleSubmit(submit)}>
        <TextField
          form={form}
          name="email"
          id="login-email"
          label={t`Email`}
          type="email"
          autoComplete="email"
          className="mb-3"
        />
        <div className="mb-4">
          <TextField
            form={form}
            name="password"
            id="login-password"
            label={t`Password`}
            type="password"
            autoComplete="current-password"
          />
          <div className="text-end mt-1">
            <Link to="/forgot-password" className="small">
              <Trans>Forgot password?</Trans>
            </Link>
          </div>
        </div>
        <SubmitButton busy={isSubmitting} size="lg" className="w-100">
          <Trans>Log In</Trans>
        </SubmitButton>
      </Form>
    </>
  )
}

const CodeForm = TwoFactorVerifyBody.pick({ code: true })
type CodeForm = z.infer<typeof CodeForm>

/**
 * The second step for staff with two-factor sign-in: the password was right, the code from the
 * authenticator app (or a recovery code) finishes the login. A refused code is the server's sentence
 * at the field, and what was typed stays.
 */
function CodeStep({ mfaToken, onRestart }: { mfaToken: string; onRestart(): void }) {
  const { t } = useLingui()
  const { verifySecondFactor } = useSession()
  const form = useForm<CodeForm>({ resolver: zodResolver(CodeForm), defaultValues: { code: '' } })

  async function submit({ code }: CodeForm) {
    try {
      await verifySecondFactor({ mfa_token: mfaToken, code })
      toast.success(t(SUCCESS))
    } catch (error) {
      const sentence = showServerErrors(error, form, t(CODE_REFUSED))
      if (sentence) form.setError('code', { type: 'server', message: sentence })
    }
  }

  return (
    <Form noValidate onSubmit={form.handleSubmit(submit)} aria-label={t`Two-factor sign-in`}>
      <p>
        <Trans>Enter the six-digit code your authenticator app shows, or one of your recovery codes.</Trans>
      </p>
      <TextField
        form={form}
        name="code"
        id="login-code"
        label={t`Authentication code`}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={64}
        autoFocus
        className="mb-4"
      />
      <SubmitButton busy={form.formState.isSubmitting} size="lg" className="w-100">
        <Trans>Verify</Trans>
      </SubmitButton>
      <div className="text-center mt-3">
        <Button variant="link" size="sm" onClick={onRestart}>
          <Trans>Start again with your password</Trans>
        </Button>
      </div>
    </Form>
  )
}

export function LoginPage() {
  const { t } = useLingui()
  useTitle(t`Log In`)
  const { user } = useSession()
  // Set once the password was right and the account asks for a second factor.
  const [mfaToken, setMfaToken] = useState<string | null>(null)

  // A page of the shop that sent a customer here to sign in (a review link's "Sign in to pay"); only a
  // path of this site, never another's address.
  const redirect = useSearchParams()[0].get('redirect')
  const back = redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : null

  // Whoever is logged in, also right after submitting, goes where docs/product.md §2 sends them, or a
  // customer back to the page that asked.
  if (user) return <Navigate to={!user.is_staff && back ? back : homeFor(user)} replace />

  return (
    <AuthLayout title={t`Log In`}>
      {mfaToken ? (
        <CodeStep mfaToken={mfaToken} onRestart={() => setMfaToken(null)} />
      ) : (
        <PasswordStep onChallenge={setMfaToken} />
      )}
      <p className="text-center mt-4 mb-0">
        <Trans>
          Don't have an account? <Link to="/signup">Sign up</Link>
        </Trans>
      </p>
    </AuthLayout>
  )
}
