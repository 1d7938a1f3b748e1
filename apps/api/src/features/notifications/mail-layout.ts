import { type LanguageCode, STORE_NAME } from '@store/contract'
import { html, type SafeHtml } from './html'

/** What a mail says, before it has a recipient: a subject, plain text and a simple HTML version. */
export interface MailContent {
  subject: string
  text: string
  html: string
}

/** How a mail's HTML is set in each language: `<html>`'s attributes, the body's style, the side a text starts on. */
const LAYOUTS: Record<LanguageCode, { attributes: SafeHtml; style: string; start: 'left' | 'right' }> = {
  en: {
    attributes: html``,
    style:
      'font-family: Arial, sans-serif; color: #222; line-height: 1.5; max-width: 600px; margin: 0 auto; padding: 16px',
    start: 'left',
  },
  ur: {
    attributes: html` lang="ur" dir="rtl"`,
    // Nastaliq where the reader has it, with the line height its tall letters need.
    style:
      'font-family: Noto Nastaliq Urdu, Jameel Noori Nastaleeq, Urdu Typesetting, Tahoma, serif; color: #222; line-height: 2.2; direction: rtl; text-align: right; max-width: 600px; margin: 0 auto; padding: 16px',
    start: 'right',
  },
}

/** The side a line of text starts on in the language: a quote's rule and a table's gap follow it. */
export const textStart = (language: LanguageCode) => LAYOUTS[language].start

/** The page around every mail's HTML: a heading, the body, and the shop's name linking to the site. */
export function mailPage(siteUrl: string, heading: string, body: SafeHtml, language: LanguageCode): string {
  const { attributes, style } = LAYOUTS[language]
  return html`<!doctype html>
<html${attributes}><body style="${style}">
<h1 style="font-size: 20px">${heading}</h1>
${body}
<p style="margin-top: 32px; color: #777; font-size: 13px"><a href="${siteUrl}" style="color: #777">${STORE_NAME}</a></p>
</body></html>
`.value
}

/** A paragraph that is a link */
export const mailLink = (url: string, label: string) => html`<p><a href="${url}">${label}</a></p>`

/** A mail's lines as paragraphs of its HTML. */
export const paragraphs = (lines: string[]) => lines.map((line) => html`<p>${line}</p>`)

/** A mail's plain text: its blocks (a line, or lines) a blank line apart, signed with the shop's name. */
export const textOf = (...blocks: (string | string[] | false)[]) =>
  `${blocks
    .filter((block) => block !== false)
    .map((block) => (Array.isArray(block) ? block.join('\n') : block))
    .join('\n\n')}\n\n${STORE_NAME}\n`
