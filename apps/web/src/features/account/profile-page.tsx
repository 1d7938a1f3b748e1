import { zodResolver } from '@hookform/resolvers/zod'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { PasswordResetConfirmBody, UpdateProfileBody, type User } from '@store/contract'
import Alert from 'react-bootstrap/Alert'
import Form from 'react-bootstrap/Form'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { SubmitButton } from '../../components/submit-button'
import { TextField } from '../../components/text-field'
import { useSession, useUpdateProfile } from '../../data/auth'
import { i18n, isolated } from '../../lib/i18n'
import { showRefusalInForm } from '../../lib/server-errors'
import { toast } from '../../lib/toast'
import { useTitle } from '../../lib/use-title'
import { SignedInDevices } from './signed-in-devices'

function DetailsForm({ user }: { user: User }) {
  const { t } = useLingui()
  const update = useUpdateProfile()
  const form = useForm<UpdateProfileBody>({
    resolver: zodResolver(UpdateProfileBody),
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      phone: user.phone,
      notify_email: user.notify_email,
    },
  })
  const { errors, isSubmitting } = form.formState

  async function save(values: UpdateProfileBody) {
    try {
      await update.mutateAsync(values)
      toast.success(t`Profile updated.`)
    } catch (error) {
      showRefusalInForm(error, form, t`Could not save your profile. Try again.`)
    }
  }

  return (
    <Form noValidate onSubmit={form.handleSubmit(save)} aria-label={t`Your details`}>
      {errors.root && <Alert variant="danger">{errors.root.message}</Alert>}
      <div className="row g-3">
        <TextField
          form={form}
          name="first_name"
          id="profile-first-name"
          label={t`First name`}
          autoComplete="given-name"
          className="col-sm-6"
        />
        <TextField
          form={form}
          name="last_name"
          id="profile-last-name"
          label={t`Last name`}
          autoComplete="family-name"
          className="col-sm-6"
        />
        <TextField
          form={form}
          name="phone"
          id="profile-phone"
          label={t`Mobile number`}
          type="tel"
          autoComplete="tel"
          placeholder="03001234567"
          help={t`For delivery calls and order updates by SMS or WhatsApp.`}
          className="col-sm-6"
          // An empty box removes the number.
          options={{ setValueAs: (value: string | null) => (value?.trim() ? value : null) }}
        />
        <Form.Group className="col-12" controlId="profile-notify-email">
          <Form.Check
            type="switch"
            role="switch"
            label={t`Email me about my orders and messages`}
            {...form.register('notify_email')}
          />
        </Form.Group>
      </div>
      <SubmitButton busy={isSubmitting} className="mt-3">
        <Trans>Save Changes</Trans>
      </SubmitButton>
    </Form>
  )
}

const PasswordChange = z
  .object({
    current_password: z.string().min(1, { error: () => i18n._(msg`Enter your current password.`) }),
    password: PasswordResetConfirmBody.shape.password,
    confirm: z.string(),
  })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    error: () => i18n._(msg`The passwords do not match.`),
  })
type PasswordChange = z.infer<typeof PasswordChange>

function PasswordForm() {
  const { t } = useLingui()
  const update = useUpdateProfile()
  const form = useForm<PasswordChange>({
    resolver: zodResolver(PasswordChange),
    defaultValues: { current_password: '', password: '', confirm: '' },
  })
  const { errors, isSubmitting } = form.formState

  async function save({ current_password, password }: PasswordChange) {
    try {
      const signedIn = await update.mutateAsync({ current_password, password })
      if (!signedIn) {
        // Two-factor sign-in: logging back in needs a code, so this device was signed out as well.
        toast.success(t`Password changed. Log in again with it and a code from your authenticator app.`)
        return
      }
      form.reset()
      toast.success(t`Password changed. Other devices have been signed out.`)
    } catch (error) {
      showRefusalInForm(error, form, t`Could not change your password. Try again.`)
    }
  }

  const fields = [
    { name: 'current_password', label: t`Current password`, autoComplete: 'current-password' },
    { name: 'password', label: t`New password`, autoComplete: 'new-password' },
    { name: 'confirm', label: t`Confirm new password`, autoComplete: 'new-password' },
  ] as const
  return (
    <Form noValidate onSubmit={form.handleSubmit(save)} aria-label={t`Change password`}>
      {errors.root && <Alert variant="danger">{errors.root.message}</Alert>}
      {fields.map((field) => (
        <TextField
          key={field.name}
          form={form}
          name={field.name}
          id={`profile-${field.name}`}
          label={field.label}
          type="password"
          autoComplete={field.autoComplete}
          className="mb-3"
        />
      ))}
      <SubmitButton busy={isSubmitting}>
        <Trans>Change Password</Trans>
      </SubmitButton>
    </Form>
  )
}

/** The customer's own details, email notifications, password and signed-in devices. */
export function ProfilePage() {
  const { t } = useLingui()
  useTitle(t`My Profile`)
  const { user } = useSession()
  if (!user) return null
  const email = isolated(user.email)
  return (
    <div className="container py-4" style={{ maxWidth: 720 }}>
      <h1 className="page-title">
        <Trans>My Profile</Trans>
      </h1>
      <p className="text-muted">
        <Trans>Signed in as {email}</Trans>
      </p>
      <section className="card mb-4">
        <div className="card-body">
          <h2 className="h5 mb-3">
            <Trans>Your details</Trans>
          </h2>
          <DetailsForm user={user} />
        </div>
      </section>
      <section className="card mb-4">
        <div className="card-body">
          <h2 className="h5 mb-3">
            <Trans>Change password</Trans>
          </h2>
          <PasswordForm />
        </div>
      </section>
      <section className="card" aria-labelledby="signed-in-devices-heading">
        <div className="card-body">
          <h2 className="h5" id="signed-in-devices-heading">
            <Trans>Signed-in devices</Trans>
          </h2>
          <p className="text-muted small">
            <Trans>Where your account is signed in. Sign out any device you do not recognise.</Trans>
          </p>
          <SignedInDevices userId={user.id} />
        </div>
      </section>
    </div>
  )
}
