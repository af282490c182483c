import { AUTH_MESSAGES, FEEDBACK_MAX } from '@bm/core';

export const FEEDBACK_TEXT = {
  button: 'Feedback',
  buttonLabel: 'Send feedback',
  title: 'Submit Feedback',
  description: 'Found a bug or have an idea? Tell us. The page you are on is sent along.',
  label: 'Your feedback',
  placeholder: 'What would you like to tell us?',
  counter: (n: number) => `${n}/${FEEDBACK_MAX}`,
  cancel: 'Cancel',
  submit: 'Submit',
  submitting: 'Submitting...',
  thanks: 'Thanks for your feedback!',
  failed: AUTH_MESSAGES.feedbackFailed,
} as const;

export { FEEDBACK_MAX };
