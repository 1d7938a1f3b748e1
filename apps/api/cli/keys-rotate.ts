import { randomBytes } from 'node:crypto'
import { loadConfig } from '../src/config'
import { DatabaseLockedError, openDatabase } from '../src/db/client'
import { resealTotpSecrets, totpSecretBox } from '../src/features/auth/two-factor'
import { SecretBoxError } from '../src/lib/secret-box'
import { runCommand } from './run-command'

const steps = (suggestedKey: string) =>
  [
    'To move the authenticator secrets to a new key (docs/production.md "Changing keys"):',
    '  1. Set TOTP_ENCRYPTION_KEY to a new key of at least 32 characters, for example',
    `       TOTP_ENCRYPTION_KEY=${suggestedKey}`,
    '     and, if TOTP_ENCRYPTION_KEY had a value before, that value as TOTP_ENCRYPTION_KEY_PREVIOUS;',
    '     restart the store (it opens secrets sealed under either key meanwhile).',
    '  2. Run npm run keys:rotate with the same settings.',
    '  3. Remove TOTP_ENCRYPTION_KEY_PREVIOUS; the JWT secret may now change too.',
  ].join('\n')

/** Re-seals every authenticator secret under TOTP_ENCRYPTION_KEY; exits non-zero with the reason. */
async function main(): Promise<number> {
  const config = loadConfig()
  if (!config.totpEncryptionKey) {
    console.error(
      `TOTP_ENCRYPTION_KEY is not set: there is no new key to re-seal under.\n${steps(randomBytes(32).toString('base64url'))}`,
    )
    return 2
  }
  const database = await openDatabase(config)
  try {
    await database.migrate()
    const count = await resealTotpSecrets(database.db, totpSecretBox(config))
    console.log(`Re-sealed ${count} authenticator secret${count === 1 ? '' : 's'} under TOTP_ENCRYPTION_KEY.`)
    return 0
  } finally {
    await database.close()
  }
}

runCommand(main, [DatabaseLockedError, SecretBoxError])
