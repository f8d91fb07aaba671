import { MESSAGES as SPEC } from '../shared/messages';

/**
 * The texts of the visitor screens and the panel (panel.md §2, §4, §5, §8). Those in the
 * shared catalogue come from there; the rest are spec texts only the panel shows.
 */
export const PANEL_MESSAGES = {
  claimOffer: 'Log in or sign up to claim your offer.',
  authorizePartner: 'Log in or sign up to authorize your partner.',
  invalidLogin: SPEC.invalidCredentials,
  invalidGrant: SPEC.invalidGrant,
  contactSupport: SPEC.contactSupport,
  merging: 'Your local boards are being merged with your account.',
  recoverySent: 'Password recovery link sent to your email',
  imageTooLarge: SPEC.imageTooLarge,
  imageTooSmall: SPEC.imageTooSmall,
  goodMorning: 'Good Morning',
  hey: 'Hey',
} as const;
