import { SPLASH_TEXT } from '@store/contract'
import { useLanguage } from '../lib/i18n'

/**
 * docs/product.md §1: full-screen splash with the logo while the session initialises. Its words are the
 * server's HTML splash's, so the text does not change when the app takes over.
 */
export function Splash() {
  const language = useLanguage()
  return (
    <div className="splash" role="status" aria-live="polite">
      <img src="/logo.svg" alt="" width="72" height="72" className="splash-logo" />
      <p className="splash-text">{SPLASH_TEXT[language]}</p>
    </div>
  )
}
