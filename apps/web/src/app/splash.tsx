import { Trans } from '@lingui/react/macro'

/** SPEC §1: full-screen splash with the logo while the session initialises. */
export function Splash() {
  return (
    <div className="splash" role="status" aria-live="polite">
      <img src="/logo.svg" alt="" width="72" height="72" className="splash-logo" />
      <p className="splash-text">
        <Trans>Loading your comfort...</Trans>
      </p>
    </div>
  )
}
