import { describe, expect, it } from 'vitest'
import { createSecretBox, SecretBoxError } from './secret-box'

const box = createSecretBox('the-configured-key-material-0123456789')

describe('secret box', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user:7')
    expect(sealed).toMatch(/^v1\.[\w-]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(box.open(sealed, 'user:7')).toBe('JBSWY3DPEHPK3PXP')
    expect(box.seal('JBSWY3DPEHPK3PXP', 'user:7')).not.toBe(sealed)
  })

  it('refuses a sealed value with any part changed', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP')
    const parts = sealed.split('.')
    for (const index of [2, 3, 4]) {
      const part = parts[index] ?? ''
      const flipped = Buffer.from(part, 'base64url')
      flipped[0] = (flipped[0] ?? 0) ^ 1
      const tampered = parts.with(index, flipped.toString('base64url')).join('.')
      expect(() => box.open(tampered)).toThrow(SecretBoxError)
    }
    expect(() => box.open(`v2${sealed.slice(2)}`)).toThrow(SecretBoxError)
    expect(() => box.open('JBSWY3DPEHPK3PXP')).toThrow(SecretBoxError)
  })

  it('refuses a value sealed for another context', () => {
    expect(() => box.open(box.seal('secret', 'user:7'), 'user:8')).toThrow(SecretBoxError)
  })

  it('refuses to open with another key, even one claiming the same key id', () => {
    const other = createSecretBox('another-key-material-entirely-0123456789')
    const sealed = box.seal('secret')
    expect(() => other.open(sealed)).toThrow(/another key/)
    // The key id is only a label: a forged one does not get past the authentication tag.
    const [version, , ...rest] = other.seal('secret').split('.')
    const relabelled = [version, sealed.split('.')[1], ...rest].join('.')
    expect(() => box.open(relabelled)).toThrow(SecretBoxError)
  })

  it('opens what an earlier key sealed, and seals under the current one only', () => {
    const earlier = 'the-configured-key-material-0123456789'
    const rotated = createSecretBox('the-next-key-material-after-rotation-0123', [earlier])
    const sealedBefore = box.seal('JBSWY3DPEHPK3PXP', 'user:7')
    expect(rotated.open(sealedBefore, 'user:7')).toBe('JBSWY3DPEHPK3PXP')
    const sealedAfter = rotated.seal('JBSWY3DPEHPK3PXP', 'user:7')
    expect(sealedAfter.split('.')[1]).not.toBe(sealedBefore.split('.')[1])
    expect(() => box.open(sealedAfter, 'user:7')).toThrow(/another key/)
  })

  it('refuses short key material', () => {
    expect(() => createSecretBox('short')).toThrow(/32 characters/)
  })
})
