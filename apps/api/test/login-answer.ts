import type { LoginAnswer, MfaChallenge, TokenPair } from '@store/contract'

/**
 * Login answers tokens, or a two-factor challenge for staff with two-factor sign-in on
 * (docs/api.md "Authentication"); these say which one a test expects, and fail it otherwise.
 */
export function challengeOf(answer: LoginAnswer): MfaChallenge {
  if (!('mfa_token' in answer)) throw new Error('login answered tokens, not a two-factor challenge')
  return answer
}

export function tokensOf(answer: LoginAnswer): TokenPair {
  if ('mfa_token' in answer) throw new Error('login answered a two-factor challenge, not tokens')
  return answer
}
