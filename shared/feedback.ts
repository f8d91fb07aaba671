/** Feedback (panel.md §2 "Feedback dialog", §3): its types and the prompt each one shows. */
export const FEEDBACK_TYPES = ['positive', 'neutral', 'negative'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const FEEDBACK_PROMPTS: Record<FeedbackType, string> = {
  positive: 'What do you like most?',
  neutral: 'What do you dislike the most?',
  negative: 'Did you have any issue?',
};

export const FEEDBACK_LABELS: Record<FeedbackType, string> = { positive: 'Positive', neutral: 'Neutral', negative: 'Negative' };

export const FEEDBACK_DESCRIPTION_MAX = 4000;
