export { FeedbackButton, openFeedback } from './feedback-button';
export { FeedbackDialog } from './feedback-dialog';
