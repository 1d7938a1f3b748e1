import { type LanguageCode, STORE_NAME } from '@store/contract'
import { html as mailHtml } from '../notifications/html'

interface ResetWords {
  subject: string
  hello: (name: string) => string
  asked: string
  once: string
  signature: string
  /** The HTML page around the body; null: the body alone (the English mail, as it always was) */
  page: ((body: string) => string) | null
}

const WORDS: Record<LanguageCode, ResetWords> = {
  en: {
    subject: `Reset your ${STORE_NAME} password`,
    hello: (name) => `Hello ${name},`,
    asked: `Someone asked to reset the password of your ${STORE_NAME} account. To choose a new password, open this link within one hour:`,
    once: 'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
    signature: `${STORE_NAME}, Lahore`,
    page: null,
  },
  ur: {
    subject: `${STORE_NAME} کا پاس ورڈ نیا رکھیں`,
    hello: (name) => `السلام علیکم ${name}،`,
    asked: `کسی نے آپ کے ${STORE_NAME} اکاؤنٹ کا پاس ورڈ بدلنے کی درخواست کی ہے۔ نیا پاس ورڈ رکھنے کے لیے ایک گھنٹے کے اندر یہ لنک کھولیں:`,
    once: 'یہ لنک صرف ایک بار کام کرتا ہے۔ اگر یہ درخواست آپ نے نہیں کی تو اس ای میل کو نظر انداز کر دیں؛ آپ کا پاس ورڈ جوں کا توں رہے گا۔',
    signature: `${STORE_NAME}، لاہور`,
    page: (body) =>
      `<!doctype html>\n<html lang="ur" dir="rtl"><body style="font-family: Noto Nastaliq Urdu, Jameel Noori Nastaleeq, Tahoma, serif; line-height: 2.2; direction: rtl; text-align: right">\n${body}\n</body></html>\n`,
  },
}

/** The password reset mail in the account's language: plain text, and simple HTML where the name and link are escaped. */
export function resetMail(
  firstName: string,
  link: string,
  language: LanguageCode = 'en',
): { subject: string; text: string; html: string } {
  const words = WORDS[language]
  const text = [words.hello(firstName), '', words.asked, '', link, '', words.once, '', words.signature].join(
    '\n',
  )
  const body = mailHtml`<p>${words.hello(firstName)}</p>
<p>${words.asked}</p>
<p><a href="${link}">${link}</a></p>
<p>${words.once}</p>
<p>${words.signature}</p>`.value
  return { subject: words.subject, text, html: words.page ? words.page(body) : body }
}
