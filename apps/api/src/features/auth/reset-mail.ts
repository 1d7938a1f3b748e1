import { STORE_NAME } from '@store/contract'
import { html as mailHtml } from '../notifications/html'

/** The password reset mail: plain text, and simple HTML where the name and link are escaped. */
export function resetMail(firstName: string, link: string): { subject: string; text: string; html: string } {
  const text = [
    `Hello ${firstName},`,
    '',
    `Someone asked to reset the password of your ${STORE_NAME} account. To choose a new password, open this link within one hour:`,
    '',
    link,
    '',
    'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
    '',
    `${STORE_NAME}, Lahore`,
  ].join('\n')
  const html = mailHtml`<p>Hello ${firstName},</p>
<p>Someone asked to reset the password of your ${STORE_NAME} account. To choose a new password, open this link within one hour:</p>
<p><a href="${link}">${link}</a></p>
<p>The link works once. If you did not ask for it, ignore this mail: your password stays as it is.</p>
<p>${STORE_NAME}, Lahore</p>`.value
  return { subject: `Reset your ${STORE_NAME} password`, text, html }
}
