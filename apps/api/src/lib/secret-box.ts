import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Seals short secrets (authenticator secrets) for storage: AES-256-GCM with a random 96-bit IV and a
 * 128-bit tag, under a key derived with HKDF-SHA256 from the configured key material, so whoever reads
 * a backup or the database alone learns nothing and cannot change a sealed value unnoticed.
 *
 * Sealed text is `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts). The version names the
 * format; the key id (derived from the key, revealing nothing of it) tells which key sealed a value,
 * so a later key change can keep opening old values with the old key and re-seal them.
 */
export interface SecretBox {
  /** Encrypts `plaintext`; `context` (e.g. the owner's id) is authenticated too and must match on opening */
  seal(plaintext: string, context?: string): string
  /** Decrypts a sealed value; throws SecretBoxError when it was changed, sealed by another key or context */
  open(sealed: string, context?: string): string
}

export class SecretBoxError extends Error {}

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16
// Fixed salt and labels: the input key is already secret and high-entropy (≥ 32 characters, checked by
// config); HKDF's info keeps this key apart from any other use of the same material (the JWT secret).
const SALT = 'comfort-store/secret-box'
const KEY_INFO = 'v1 aes-256-gcm key'

interface BoxKey {
  key: Buffer
  id: string
}

function boxKey(keyMaterial: string): BoxKey {
  if (keyMaterial.length < 32) throw new Error('The secret box needs at least 32 characters of key material.')
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, SALT, KEY_INFO, 32))
  return { key, id: createHmac('sha256', key).update('key id').digest('base64url').slice(0, 8) }
}

/**
 * A box that seals under `keyMaterial` and opens values sealed under it or under any of
 * `earlierKeyMaterials` (the key id in a sealed value says which), so a key can change without
 * making what was sealed before unreadable: `npm run keys:rotate` then re-seals it under the new one.
 */
export function createSecretBox(keyMaterial: string, earlierKeyMaterials: string[] = []): SecretBox {
  const current = boxKey(keyMaterial)
  const opening = new Map([current, ...earlierKeyMaterials.map(boxKey)].map((each) => [each.id, each.key]))
  const additionalData = (keyId: string, context: string) =>
    Buffer.from(`${VERSION}.${keyId}.${context}`, 'utf8')

  return {
    seal(plaintext, context = '') {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', current.key, iv, { authTagLength: TAG_BYTES })
      cipher.setAAD(additionalData(current.id, context))
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      const parts = [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString('base64url'))
      return [VERSION, current.id, ...parts].join('.')
    },
    open(sealed, context = '') {
      const [version, sealedKeyId, iv, ciphertext, tag, ...rest] = sealed.split('.')
      if (
        version !== VERSION ||
        sealedKeyId === undefined ||
        rest.length > 0 ||
        iv === undefined ||
        ciphertext === undefined ||
        !tag
      ) {
        throw new SecretBoxError('Not a sealed value of a known format.')
      }
      const key = opening.get(sealedKeyId)
      if (!key) throw new SecretBoxError('Sealed with another key.')
      const tagBytes = Buffer.from(tag, 'base64url')
      const ivBytes = Buffer.from(iv, 'base64url')
      if (tagBytes.length !== TAG_BYTES || ivBytes.length !== IV_BYTES) {
        throw new SecretBoxError('Not a sealed value of a known format.')
      }
      const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES })
      decipher.setAAD(additionalData(sealedKeyId, context))
      decipher.setAuthTag(tagBytes)
      try {
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8')
      } catch {
        throw new SecretBoxError('The sealed value was changed, or sealed for another context.')
      }
    },
  }
}
