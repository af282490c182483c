import { AUTH_MESSAGES } from '@bm/core';

/** The feedback button (footer) and its dialog. */
export default {
  button: 'Feedback',
  buttonLabel: 'Send feedback',
  title: 'Submit Feedback',
  description: 'Found a bug or have an idea? Tell us. The page you are on is sent along.',
  label: 'Your feedback',
  placeholder: 'What would you like to tell us?',
  counter: '{length}/{max}',
  cancel: 'Cancel',
  submit: 'Submit',
  submitting: 'Submitting...',
  thanks: 'Thanks for your feedback!',
  failed: AUTH_MESSAGES.feedbackFailed,
  tooManyRequests: AUTH_MESSAGES.tooManyRequests,
} as const;
