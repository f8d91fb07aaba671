/** The spec's texts for the visitor screens and the panel (panel.md §2, §4, §5, §8). */
export const PANEL_MESSAGES = {
  claimOffer: 'Log in or sign up to claim your offer.',
  authorizePartner: 'Log in or sign up to authorize your partner.',
  invalidLogin: 'Invalid username or password.',
  invalidGrant: 'Invalid Grant',
  contactSupport: 'If the problem persists, contact support.',
  merging: 'Your local boards are being merged with your account.',
  recoverySent: 'Password recovery link sent to your email',
  imageTooLarge: 'Image size must be less than 2MB.',
  imageTooSmall: 'Image is too small.',
  goodMorning: 'Good Morning',
  hey: 'Hey',
} as const;
