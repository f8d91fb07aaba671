import { MESSAGES as SPEC } from '../../shared/messages';

/**
 * The texts the accounts and users API answers with. The spec's own texts (panel.md §5, §8)
 * come from the shared catalogue (shared/messages.ts); the others are ours (the spec leaves them "not shown"; docs/accounts.md).
 */
export const MESSAGES = {
  invalidGrant: SPEC.invalidGrant,
  invalidCredentials: SPEC.invalidCredentials,
  accountDisabled: 'This account is disabled. If the problem persists, contact support.',
  signedUp: SPEC.signedUp,
  passwordCommon: SPEC.passwordCommon,
  passwordIsUsername: SPEC.passwordIsUsername,
  passwordWeak: SPEC.passwordWeak,
  usernameRequired: 'Username is required.',
  usernameEmail: 'Username must be a valid e-mail address.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Email must be a valid e-mail address.',
  passwordRequired: 'Password is required.',
  passwordMin: 'Password must be at least 8 characters.',
  passwordMax: 'Password must be at most 128 characters.',
  passwordsDoNotMatch: 'Passwords do not match.',
  repeatRequired: 'Please repeat the password.',
  termsRequired: 'You must accept the terms.',
  recoverySent: 'Password recovery link sent to your email',
  recoveryInvalid: 'The recovery link is invalid or has expired.',
  passwordReset: 'Your password has been changed.',
  currentRequired: 'Current password is required.',
  currentIncorrect: 'Current password is incorrect.',
  invalidRefresh: 'Invalid refresh token.',
  signedOut: 'Signed out.',
  googleNotConfigured: 'Google sign-in is not configured on this server.',
  googleNoEmail: 'Your Google account did not share an e-mail address.',
  googleEmailUnverified: 'Your Google e-mail address is not verified.',
  googleFailed: 'Google sign-in failed. Please try again.',
} as const;
