import { zodResolver } from '@hookform/resolvers/zod'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { TextField } from '../../components/text-field'
import { i18n } from '../../lib/i18n'
import { useTitle } from '../../lib/use-title'
import { STORE } from './store'

/** docs/product.md §5: every field required; docs/product.md §2: submitting makes no call. */
const ContactForm = z.object({
  first_name: z
    .string()
    .trim()
    .min(1, { error: () => i18n._(msg`First name is required.`) }),
  last_name: z
    .string()
    .trim()
    .min(1, { error: () => i18n._(msg`Last name is required.`) }),
  email: z.email({ error: () => i18n._(msg`Enter a valid email address.`) }),
  message: z
    .string()
    .trim()
    .min(1, { error: () => i18n._(msg`Please write your message.`) }),
})
type ContactForm = z.infer<typeof ContactForm>

const FIELDS = [
  { name: 'first_name', label: msg`First name`, autoComplete: 'given-name', col: 'col-sm-6' },
  { name: 'last_name', label: msg`Last name`, autoComplete: 'family-name', col: 'col-sm-6' },
  { name: 'email', label: msg`Email`, autoComplete: 'email', col: 'col-12', type: 'email' },
] as const

export function ContactPage() {
  const { t } = useLingui()
  useTitle(t`Contact`)
  const form = useForm<ContactForm>({ resolver: zodResolver(ContactForm) })
  const hours = t(STORE.hours)
  const { phone, email } = STORE

  return (
    <div className="container py-5">
      <h1 className="page-title">
        <Trans>Contact Us</Trans>
      </h1>
      <div className="row g-4">
        <div className="col-lg-5">
          <section className="card h-100" aria-labelledby="visit-heading">
            <div className="card-body">
              <h2 id="visit-heading" className="h5">
                <Trans>Visit or call us</Trans>
              </h2>
              {/* The address as the post and a courier write it */}
              <address dir="ltr" className="text-start">
                <strong>{STORE.name}</strong>
                <br />
                {STORE.address[0]}
                <br />
                {STORE.address[1]}
              </address>
              <p className="mb-1">
                <Trans>
                  Phone:{' '}
                  <a href={STORE.phoneHref} dir="ltr">
                    {phone}
                  </a>
                </Trans>
              </p>
              <p className="mb-1">
                <Trans>
                  Email: <a href={`mailto:${email}`}>{email}</a>
                </Trans>
              </p>
              <p className="text-muted mb-0">
                <Trans>Open {hours}</Trans>
              </p>
            </div>
          </section>
        </div>
        <div className="col-lg-7">
          <Form
            className="card"
            noValidate
            onSubmit={form.handleSubmit(() => {})}
            aria-labelledby="contact-form-heading"
          >
            <div className="card-body">
              <h2 id="contact-form-heading" className="h5">
                <Trans>Send us a note</Trans>
              </h2>
              <div className="row g-3">
                {FIELDS.map((field) => (
                  <TextField
                    key={field.name}
                    form={form}
                    name={field.name}
                    id={`contact-${field.name}`}
                    label={t(field.label)}
                    type={'type' in field ? field.type : 'text'}
                    autoComplete={field.autoComplete}
                    className={field.col}
                  />
                ))}
                <TextField
                  form={form}
                  name="message"
                  id="contact-message"
                  label={t`Message`}
                  as="textarea"
                  rows={5}
                  className="col-12"
                />
              </div>
              <p className="text-muted small mt-3">
                <Trans>
                  This form is not sent online yet. For a quick answer, call or email us, or message us from
                  any product page.
                </Trans>
              </p>
              <Button type="submit">
                <Trans>Send Message</Trans>
              </Button>
            </div>
          </Form>
        </div>
      </div>
    </div>
  )
}
