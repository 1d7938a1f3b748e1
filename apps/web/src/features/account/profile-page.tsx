import { zodResolver } from '@hookform/resolvers/zod'
import { PasswordResetConfirmBody, UpdateProfileBody, type User } from '@store/contract'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Spinner from 'react-bootstrap/Spinner'
import { type Path, type UseFormSetError, useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { z } from 'zod'
import { useSession, useUpdateProfile } from '../../data/auth'
import { ApiError, serverDetail } from '../../lib/api'
import { useTitle } from '../../lib/use-title'

/** The server's field errors beside their fields; its sentence (or `fallback`) above the form. */
function showRefusal<T extends Record<string, unknown>>(
  error: unknown,
  setError: UseFormSetError<T>,
  fallback: string,
) {
  const fields = error instanceof ApiError ? (error.errors ?? {}) : {}
  for (const [name, [message]] of Object.entries(fields)) setError(name as Path<T>, { message })
  setError('root', { message: serverDetail(error) ?? fallback })
}

function DetailsForm({ user }: { user: User }) {
  const update = useUpdateProfile()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpdateProfileBody>({
    resolver: zodResolver(UpdateProfileBody),
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      phone: user.phone,
      notify_email: user.notify_email,
    },
  })

  async function save(values: UpdateProfileBody) {
    try {
      await update.mutateAsync(values)
      toast.success('Profile updated.')
    } catch (error) {
      showRefusal(error, setError, 'Could not save your profile. Try again.')
    }
  }

  return (
    <Form noValidate onSubmit={handleSubmit(save)} aria-label="Your details">
      {errors.root && <Alert variant="danger">{errors.root.message}</Alert>}
      <div className="row g-3">
        <Form.Group className="col-sm-6" controlId="profile-first-name">
          <Form.Label>First name</Form.Label>
          <Form.Control
            autoComplete="given-name"
            {...register('first_name')}
            isInvalid={Boolean(errors.first_name)}
          />
          <Form.Control.Feedback type="invalid">{errors.first_name?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="col-sm-6" controlId="profile-last-name">
          <Form.Label>Last name</Form.Label>
          <Form.Control
            autoComplete="family-name"
            {...register('last_name')}
            isInvalid={Boolean(errors.last_name)}
          />
          <Form.Control.Feedback type="invalid">{errors.last_name?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="col-sm-6" controlId="profile-phone">
          <Form.Label>Mobile number</Form.Label>
          <Form.Control
            type="tel"
            autoComplete="tel"
            placeholder="03001234567"
            aria-describedby="profile-phone-help"
            // An empty box removes the number.
            {...register('phone', { setValueAs: (value: string | null) => (value?.trim() ? value : null) })}
            isInvalid={Boolean(errors.phone)}
          />
          <Form.Control.Feedback type="invalid">{errors.phone?.message}</Form.Control.Feedback>
          <Form.Text id="profile-phone-help">
            For delivery calls and order updates by SMS or WhatsApp.
          </Form.Text>
        </Form.Group>
        <Form.Group className="col-12" controlId="profile-notify-email">
          <Form.Check
            type="switch"
            role="switch"
            label="Email me about my orders and messages"
            {...register('notify_email')}
          />
        </Form.Group>
      </div>
      <Button type="submit" className="mt-3" disabled={isSubmitting}>
        {isSubmitting && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
        Save Changes
      </Button>
    </Form>
  )
}

const PasswordChange = z
  .object({
    current_password: z.string().min(1, 'Enter your current password.'),
    password: PasswordResetConfirmBody.shape.password,
    confirm: z.string(),
  })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: 'The passwords do not match.',
  })
type PasswordChange = z.infer<typeof PasswordChange>

function PasswordForm() {
  const update = useUpdateProfile()
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChange>({
    resolver: zodResolver(PasswordChange),
    defaultValues: { current_password: '', password: '', confirm: '' },
  })

  async function save({ current_password, password }: PasswordChange) {
    try {
      await update.mutateAsync({ current_password, password })
      reset()
      toast.success('Password changed. Other devices have been signed out.')
    } catch (error) {
      showRefusal(error, setError, 'Could not change your password. Try again.')
    }
  }

  const fields = [
    { name: 'current_password', label: 'Current password', autoComplete: 'current-password' },
    { name: 'password', label: 'New password', autoComplete: 'new-password' },
    { name: 'confirm', label: 'Confirm new password', autoComplete: 'new-password' },
  ] as const
  return (
    <Form noValidate onSubmit={handleSubmit(save)} aria-label="Change password">
      {errors.root && <Alert variant="danger">{errors.root.message}</Alert>}
      {fields.map((field) => (
        <Form.Group key={field.name} className="mb-3" controlId={`profile-${field.name}`}>
          <Form.Label>{field.label}</Form.Label>
          <Form.Control
            type="password"
            autoComplete={field.autoComplete}
            {...register(field.name)}
            isInvalid={Boolean(errors[field.name])}
          />
          <Form.Control.Feedback type="invalid">{errors[field.name]?.message}</Form.Control.Feedback>
        </Form.Group>
      ))}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
        Change Password
      </Button>
    </Form>
  )
}

/** The customer's own details, email notifications and password. */
export function ProfilePage() {
  useTitle('My Profile')
  const { user } = useSession()
  if (!user) return null
  return (
    <div className="container py-4" style={{ maxWidth: 720 }}>
      <h1 className="page-title">My Profile</h1>
      <p className="text-muted">Signed in as {user.email}</p>
      <section className="card mb-4">
        <div className="card-body">
          <h2 className="h5 mb-3">Your details</h2>
          <DetailsForm user={user} />
        </div>
      </section>
      <section className="card">
        <div className="card-body">
          <h2 className="h5 mb-3">Change password</h2>
          <PasswordForm />
        </div>
      </section>
    </div>
  )
}
