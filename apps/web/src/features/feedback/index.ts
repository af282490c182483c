export { FeedbackButton, openFeedback } from './feedback-button';
