import { type LanguageCode, STORE_NAME, wordsIn } from '@store/contract'
import { html } from '../notifications/html'
import { type MailContent, mailPage } from '../notifications/mail-layout'
import { urduMailWords } from '../notifications/mails-ur'

/**
 * The password reset mail in the account's language, in the shop's mail layout: plain text, and
 * HTML where the name and link are escaped. The link carries the token to the site's reset page.
 */
export function resetMail(
  firstName: string,
  siteUrl: string,
  token: string,
  language: LanguageCode,
): MailContent {
  const say = wordsIn(urduMailWords, language)
  const link = `${siteUrl}/reset-password?token=${token}`
  const subject = say('Reset your {store} password', { store: STORE_NAME })
  const hello = say('Hello {name},', { name: firstName })
  const asked = say(
    'Someone asked to reset the password of your {store} account. To choose a new password, open this link within one hour:',
    { store: STORE_NAME },
  )
  const once = say(
    'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
  )
  const signature = say('{store}, Lahore', { store: STORE_NAME })
  return {
    subject,
    text: [hello, '', asked, '', link, '', once, '', signature].join('\n'),
    html: mailPage(
      siteUrl,
      subject,
      html`<p>${hello}</p>
<p>${asked}</p>
<p><a href="${link}">${link}</a></p>
<p>${once}</p>
<p>${signature}</p>`,
      language,
    ),
  }
}

/**
 * The mail of an account staff opened for a customer who ordered by phone, WhatsApp or in the
 * showroom: a link to choose a password (the reset page, with a token good for a week).
 */
export function setPasswordMail(
  firstName: string,
  siteUrl: string,
  token: string,
  language: LanguageCode,
): MailContent {
  const say = wordsIn(urduMailWords, language)
  const link = `${siteUrl}/reset-password?token=${token}`
  const subject = say('Your {store} account', { store: STORE_NAME })
  const hello = say('Hello {name},', { name: firstName })
  const opened = say(
    'We opened a {store} account for your order. To see your orders and pay online, choose a password with this link within 7 days:',
    { store: STORE_NAME },
  )
  const signature = say('{store}, Lahore', { store: STORE_NAME })
  return {
    subject,
    text: [hello, '', opened, '', link, '', signature].join('\n'),
    html: mailPage(
      siteUrl,
      subject,
      html`<p>${hello}</p>
<p>${opened}</p>
<p><a href="${link}">${link}</a></p>
<p>${signature}</p>`,
      language,
    ),
  }
}
