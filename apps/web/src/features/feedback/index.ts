export { FeedbackButton } from './feedback-button';
export { FeedbackDialog } from './feedback-dialog';
