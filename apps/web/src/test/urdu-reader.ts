import type { User } from '@store/contract'
import { afterEach } from 'vitest'
import { activateLanguage } from '../lib/i18n'
import { staff } from './app'

// For tests only. Each test starts in English again, its page left to right.
afterEach(() => activateLanguage('en', { remember: false }))

/** A staff member whose profile reads Urdu, as the browser chose (so the session asks no change). */
export const urduStaff: User = { ...staff, language: 'ur' }

/** The browser chooses Urdu, as the language switch does, before the app is rendered. */
export const readInUrdu = () => activateLanguage('ur')
