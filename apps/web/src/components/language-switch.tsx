import { useLingui } from '@lingui/react'
import { LANGUAGES, type LanguageCode, paths } from '@store/contract'
import { useState } from 'react'
import { useSession } from '../data/auth'
import { call } from '../lib/api'
import { activateLanguage, currentLanguage } from '../lib/i18n'

/** Each language named in itself, as a reader of it looks for it. */
const OWN_NAMES: Record<LanguageCode, string> = { en: 'English', ur: 'اردو' }

/**
 * Switches the shop (and the back office) between English and Urdu: the other language, named in
 * itself. The choice is remembered by this browser and, when signed in, by the profile. What was read
 * in the old language (product texts, sentences) is asked for again in the new one, and only that:
 * those answers' keys end in the language (`inCurrentLanguage`), so the redrawn screens read new keys
 * and nothing needs invalidating here.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  useLingui()
  const { user, replaceUser } = useSession()
  const [busy, setBusy] = useState(false)
  const other = LANGUAGES.find((language) => language !== currentLanguage()) ?? 'en'

  async function switchTo(language: LanguageCode) {
    setBusy(true)
    try {
      await activateLanguage(language)
      if (user) replaceUser(await call(paths.auth.updateProfile, { body: { language } }))
    } finally {
      setBusy(false)
    }
  }

  return (
    <button
      type="button"
      className={`btn btn-link ${className ?? ''}`}
      lang={other}
      disabled={busy}
      onClick={() => void switchTo(other)}
    >
      {OWN_NAMES[other]}
    </button>
  )
}
